import type { cartContract } from '@atelier/shared/cart.contract';
import { cartRouteTable } from '@atelier/shared/cart.routes';
import { endpoints } from '../endpoints';

export const cartApi = endpoints<typeof cartContract>(cartRouteTable);
