import type { studentWorksContract } from '@atelier/shared/student-works.contract';
import { studentWorksRouteTable } from '@atelier/shared/student-works.routes';
import { endpoints } from '../endpoints';

export const studentWorksApi = endpoints<typeof studentWorksContract>(studentWorksRouteTable);
