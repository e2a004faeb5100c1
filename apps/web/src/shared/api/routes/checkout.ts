import type { checkoutContract } from '@atelier/shared/checkout.contract';
import { checkoutRouteTable } from '@atelier/shared/checkout.routes';
import { endpoints } from '../endpoints';

export const checkoutApi = endpoints<typeof checkoutContract>(checkoutRouteTable);
