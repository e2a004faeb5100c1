import type { deliveryContract } from '@atelier/shared/delivery.contract';
import { deliveryRouteTable } from '@atelier/shared/delivery.routes';
import { endpoints } from '../endpoints';

export const deliveryApi = endpoints<typeof deliveryContract>(deliveryRouteTable);
