import type { lessonsAdminContract } from '@atelier/shared/lessons-admin.contract';
import { lessonsAdminRouteTable } from '@atelier/shared/lessons-admin.routes';
import { endpoints } from '../endpoints';

export const lessonsAdminApi = endpoints<typeof lessonsAdminContract>(lessonsAdminRouteTable);
