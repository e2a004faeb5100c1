import type { authContract } from '@atelier/shared/auth.contract';
import { authRouteTable } from '@atelier/shared/auth.routes';
import { endpoints } from '../endpoints';

export const authApi = endpoints<typeof authContract>(authRouteTable);
