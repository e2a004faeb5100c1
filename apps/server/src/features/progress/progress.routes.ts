import { progressContract as contract } from '@atelier/shared/progress.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { ProgressService } from './progress.service';

/**
 * The player's reports (position and watched stretches) and the position it resumes from, the
 * learner's progress across lessons and courses, and the admin's completion per lesson.
 */
export const progressRoutes: FastifyPluginAsync<{ service: ProgressService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.listTrainingLessonsProgress, async (request) =>
    ok({ positionSeconds: await service.position(request.user, request.params.id) }),
  );

  route(api, contract.putTrainingLessonsProgress, async (request) =>
    ok(await service.report(request.user, request.params.id, request.body, requestLanguage(request))),
  );

  route(api, contract.trainingProgress, async (request) => ok(await service.summary(requireUser(request).id)));

  route(api, contract.adminProgressLessons, async () => ok(await service.completionByLesson()));
};
