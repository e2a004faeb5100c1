import type { cdekContract } from '@atelier/shared/cdek.contract';
import { cdekRouteTable } from '@atelier/shared/cdek.routes';
import { endpoints } from '../endpoints';

export const cdekApi = endpoints<typeof cdekContract>(cdekRouteTable);
