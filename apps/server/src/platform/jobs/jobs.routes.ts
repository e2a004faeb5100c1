import { jobsContract as contract } from '@atelier/shared/jobs.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { JobsAdmin } from './jobs.admin';

/** Background work that fails, for the owner's dashboard and settings; a retry of work that gave up. */
export const jobsRoutes: FastifyPluginAsync<{ admin: JobsAdmin }> = async (app, { admin }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.adminList, async () => ok(await admin.failures()));

  route(api, contract.adminRetry, async (request) => {
    await admin.retry(request.params.id);
    return ok({ queued: true as const });
  });
};
