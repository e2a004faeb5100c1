import type { ordersContract } from '@atelier/shared/orders.contract';
import { ordersRouteTable } from '@atelier/shared/orders.routes';
import { endpoints } from '../endpoints';

export const ordersApi = endpoints<typeof ordersContract>(ordersRouteTable);
