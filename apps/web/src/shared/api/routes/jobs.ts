import type { jobsContract } from '@atelier/shared/jobs.contract';
import { jobsRouteTable } from '@atelier/shared/jobs.routes';
import { endpoints } from '../endpoints';

export const jobsApi = endpoints<typeof jobsContract>(jobsRouteTable);
