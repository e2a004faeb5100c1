import {
  ErrorBodySchema,
  IdParamSchema,
  LearningProgressSchema,
  LessonCompletionSchema,
  LessonProgressSchema,
  ProgressBodySchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { ProgressService } from './progress.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The player's reports (position and watched stretches) and the position it resumes from, the
 * learner's progress across lessons and courses, and the admin's completion per lesson.
 */
export const progressRoutes: FastifyPluginAsync<{ service: ProgressService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['training'];

  api.get(
    '/api/training/lessons/:id/progress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Where the user stopped watching the lesson',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ positionSeconds: z.number().int() })), ...errors },
      },
    },
    async (request) => ok({ positionSeconds: await service.position(request.user, request.params.id) }),
  );

  api.put(
    '/api/training/lessons/:id/progress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The player’s report: the position, and the stretches played since the last report',
        description:
          'Purchasers of the lesson (or its course); others 403. The stretches are clipped to the video’s ' +
          'length, counted once however often replayed, and credited no faster than 2× the wall-clock time ' +
          'between reports. An admin’s position is kept, their watching not counted. The answer is the ' +
          'lesson’s progress after the report.',
        params: IdParamSchema,
        body: ProgressBodySchema,
        response: { 200: successEnvelope(LessonProgressSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.report(request.user, request.params.id, request.body, requestLanguage(request))),
  );

  api.get(
    '/api/training/progress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The learner’s progress: each lesson with a video they own, their courses, where to continue',
        response: { 200: successEnvelope(LearningProgressSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.summary(requireUser(request).id)),
  );

  api.get(
    '/api/admin/progress/lessons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Per lesson: how many purchasers own it, started it and completed it (lessons nobody owns are left out)',
        response: { 200: successEnvelope(z.array(LessonCompletionSchema)), 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => ok(await service.completionByLesson()),
  );
};
