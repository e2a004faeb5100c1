import type { shopContract } from '@atelier/shared/shop.contract';
import { shopRouteTable } from '@atelier/shared/shop.routes';
import { endpoints } from '../endpoints';

export const shopApi = endpoints<typeof shopContract>(shopRouteTable);
