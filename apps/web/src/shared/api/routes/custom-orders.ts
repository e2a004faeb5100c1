import type { customOrdersContract } from '@atelier/shared/custom-orders.contract';
import { customOrdersRouteTable } from '@atelier/shared/custom-orders.routes';
import { endpoints } from '../endpoints';

export const customOrdersApi = endpoints<typeof customOrdersContract>(customOrdersRouteTable);
