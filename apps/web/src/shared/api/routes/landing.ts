import type { landingContract } from '@atelier/shared/landing.contract';
import { landingRouteTable } from '@atelier/shared/landing.routes';
import { endpoints } from '../endpoints';

export const landingApi = endpoints<typeof landingContract>(landingRouteTable);
