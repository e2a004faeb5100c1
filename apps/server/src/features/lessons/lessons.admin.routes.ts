import { randomUUID } from 'node:crypto';
import {
  AdminLessonSchema,
  ErrorBodySchema,
  IdParamSchema,
  LANGUAGES,
  LessonWriteSchema,
  METHODOLOGY_MAX_BYTES,
  POSTER_MAX_BYTES,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import { type FileRule, readForm } from '../../platform/http/multipart';
import type { Storage } from '../../platform/storage/storage';
import type { LessonFiles, LessonsAdminService } from './lessons.admin.service';

export interface LessonsAdminRoutesOptions {
  service: LessonsAdminService;
  storage: Storage;
  uploadLimitBytes: number;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const FORM_DESCRIPTION =
  'multipart/form-data: a `data` part (JSON of the fields) and optional files `video` (MP4/WebM, streamed ' +
  'to private storage), `poster` (image), `methodology_ru|en|es` (PDF); or a plain JSON body without files.';

/** /api/admin/lessons: CRUD with the video, poster and methodology files. */
export const lessonsAdminRoutes: FastifyPluginAsync<LessonsAdminRoutesOptions> = async (
  app,
  { service, storage, uploadLimitBytes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const rules: Record<string, FileRule> = {
    // Hundreds of MB: written to storage as the bytes arrive, never held in memory.
    video: {
      maxBytes: uploadLimitBytes,
      stream: { storage, visibility: 'private', key: () => `lessons/videos/${randomUUID()}` },
    },
    poster: { maxBytes: POSTER_MAX_BYTES, tooLarge: 'imageTooLarge' },
    ...Object.fromEntries(LANGUAGES.map((lang) => [`methodology_${lang}`, { maxBytes: METHODOLOGY_MAX_BYTES }])),
  };

  async function lessonForm(request: FastifyRequest) {
    const form = await readForm(request, LessonWriteSchema, rules);
    const files: LessonFiles = { methodology: {} };
    const video = form.streamed.video?.[0];
    if (video) files.video = video;
    const poster = form.files.poster?.[0];
    if (poster) files.poster = poster;
    for (const lang of LANGUAGES) {
      const sheet = form.files[`methodology_${lang}`]?.[0];
      if (sheet) files.methodology[lang] = sheet;
    }
    return { fields: form.fields, files };
  }

  api.get(
    '/api/admin/lessons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Every lesson, published or not, with its file names',
        response: { 200: successEnvelope(z.array(AdminLessonSchema)), ...errors },
      },
    },
    async () => ok(await service.listLessons()),
  );

  api.get(
    '/api/admin/lessons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'One lesson for editing',
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminLessonSchema), ...errors },
      },
    },
    async (request) => ok(await service.getLesson(request.params.id)),
  );

  api.post(
    '/api/admin/lessons',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Creates a lesson',
        description: FORM_DESCRIPTION,
        response: { 201: successEnvelope(AdminLessonSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await lessonForm(request);
      return reply.code(201).send(ok(await service.createLesson(fields, files)));
    },
  );

  api.put(
    '/api/admin/lessons/:id',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Replaces the fields of a lesson; files sent replace the stored ones, others are kept',
        description: `${FORM_DESCRIPTION} \`removeVideo\`, \`removePoster\`, \`removeMethodology\` drop stored files.`,
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminLessonSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const { fields, files } = await lessonForm(request);
      return ok(await service.updateLesson(request.params.id, fields, files));
    },
  );

  api.delete(
    '/api/admin/lessons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Deletes a lesson and its files (409 when orders refer to it: unpublish it instead)',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.null()), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.deleteLesson(request.params.id);
      return ok(null);
    },
  );
};
