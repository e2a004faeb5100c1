import type { coursesContract } from '@atelier/shared/courses.contract';
import { coursesRouteTable } from '@atelier/shared/courses.routes';
import { endpoints } from '../endpoints';

export const coursesApi = endpoints<typeof coursesContract>(coursesRouteTable);
