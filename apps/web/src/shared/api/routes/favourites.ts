import type { favouritesContract } from '@atelier/shared/favourites.contract';
import { favouritesRouteTable } from '@atelier/shared/favourites.routes';
import { endpoints } from '../endpoints';

export const favouritesApi = endpoints<typeof favouritesContract>(favouritesRouteTable);
