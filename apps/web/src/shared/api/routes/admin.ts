import type { adminContract } from '@atelier/shared/admin.contract';
import { adminRouteTable } from '@atelier/shared/admin.routes';
import { endpoints } from '../endpoints';

export const adminApi = endpoints<typeof adminContract>(adminRouteTable);
