import type { lessonsContract } from '@atelier/shared/lessons.contract';
import { lessonsRouteTable } from '@atelier/shared/lessons.routes';
import { endpoints } from '../endpoints';

export const lessonsApi = endpoints<typeof lessonsContract>(lessonsRouteTable);
