import type { progressContract } from '@atelier/shared/progress.contract';
import { progressRouteTable } from '@atelier/shared/progress.routes';
import { endpoints } from '../endpoints';

export const progressApi = endpoints<typeof progressContract>(progressRouteTable);
