import type { usersContract } from '@atelier/shared/users.contract';
import { usersRouteTable } from '@atelier/shared/users.routes';
import { endpoints } from '../endpoints';

export const usersApi = endpoints<typeof usersContract>(usersRouteTable);
