import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { LearningProgressSchema, LessonCompletionSchema, LessonProgressSchema, ProgressBodySchema } from './progress';
import { progressRouteTable } from './progress.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const progressContract = defineContract('progress', progressRouteTable, {
  listTrainingLessonsProgress: {
    summary: 'Where the user stopped watching the lesson',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ positionSeconds: z.number().int() })), ...errors },
  },
  putTrainingLessonsProgress: {
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
  trainingProgress: {
    summary: 'The learner’s progress: each lesson with a video they own, their courses, where to continue',
    response: { 200: successEnvelope(LearningProgressSchema), 401: ErrorBodySchema },
  },
  adminProgressLessons: {
    summary: 'Per lesson: how many purchasers own it, started it and completed it (lessons nobody owns are left out)',
    response: { 200: successEnvelope(z.array(LessonCompletionSchema)), 401: ErrorBodySchema, 403: ErrorBodySchema },
  },
});
