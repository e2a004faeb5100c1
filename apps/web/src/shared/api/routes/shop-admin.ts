import type { shopAdminContract } from '@atelier/shared/shop-admin.contract';
import { shopAdminRouteTable } from '@atelier/shared/shop-admin.routes';
import { endpoints } from '../endpoints';

export const shopAdminApi = endpoints<typeof shopAdminContract>(shopAdminRouteTable);
