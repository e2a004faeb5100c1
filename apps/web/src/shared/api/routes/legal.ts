import type { legalContract } from '@atelier/shared/legal.contract';
import { legalRouteTable } from '@atelier/shared/legal.routes';
import { endpoints } from '../endpoints';

export const legalApi = endpoints<typeof legalContract>(legalRouteTable);
