import { z } from 'zod';
import { AdminJobFailureSchema } from './admin';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { jobsRouteTable } from './jobs.routes';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

export const jobsContract = defineContract('jobs', jobsRouteTable, {
  adminList: {
    summary: 'Background work (mails, expiry, receipts, video, backups, …) that fails now or gave up',
    response: { 200: successEnvelope(z.array(AdminJobFailureSchema)), ...errors },
  },
  adminRetry: {
    summary: 'Tries again a queued job that gave up (a repeat while it waits changes nothing)',
    params: IdParamSchema,
    response: {
      200: successEnvelope(z.object({ queued: z.literal(true) })),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
      ...errors,
    },
  },
});
