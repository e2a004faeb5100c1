import { randomUUID } from 'node:crypto';
import {
  AdminLessonSchema,
  ChaptersWriteSchema,
  ErrorBodySchema,
  IdParamSchema,
  LANGUAGES,
  LessonHlsStatusSchema,
  LessonMediaSchema,
  LessonWriteSchema,
  METHODOLOGY_MAX_BYTES,
  POSTER_MAX_BYTES,
  PREVIEW_MAX_BYTES,
  SubtitlesTextSchema,
  SubtitlesWriteSchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import { type FileRule, readForm } from '../../platform/http/multipart';
import type { Storage } from '../../platform/storage/storage';
import type { LessonFiles, LessonsAdminService } from './lessons.admin.service';
import type { LessonHls } from './lessons.hls';

export interface LessonsAdminRoutesOptions {
  service: LessonsAdminService;
  hls: LessonHls;
  storage: Storage;
  uploadLimitBytes: number;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const FORM_DESCRIPTION =
  'multipart/form-data: a `data` part (JSON of the fields) and optional files `video` (MP4/WebM, streamed ' +
  'to private storage), `preview` (a short MP4/WebM trailer anyone may watch), `poster` (image), `methodology_ru|en|es` (PDF); or a plain JSON body without files.';

const SubtitlesParams = z.object({ id: z.uuid(), lang: z.enum(LANGUAGES) });
/** A JSON body of the longest subtitles allowed (2 bytes per Cyrillic letter, JSON escapes). */
const SUBTITLES_BODY_LIMIT = 4 * 1024 * 1024;

/** /api/admin/lessons: CRUD with the video, poster and methodology files; the chapters and subtitles of the player. */
export const lessonsAdminRoutes: FastifyPluginAsync<LessonsAdminRoutesOptions> = async (
  app,
  { service, hls, storage, uploadLimitBytes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const rules: Record<string, FileRule> = {
    // Hundreds of MB: written to storage as the bytes arrive, never held in memory.
    video: {
      maxBytes: uploadLimitBytes,
      stream: { storage, visibility: 'private', key: () => `lessons/videos/${randomUUID()}` },
    },
    // The public preview clip: its own file, so the preview route can never reach the video.
    preview: {
      maxBytes: Math.min(uploadLimitBytes, PREVIEW_MAX_BYTES),
      stream: { storage, visibility: 'private', key: () => `lessons/previews/${randomUUID()}` },
    },
    poster: { maxBytes: POSTER_MAX_BYTES, tooLarge: 'imageTooLarge' },
    ...Object.fromEntries(LANGUAGES.map((lang) => [`methodology_${lang}`, { maxBytes: METHODOLOGY_MAX_BYTES }])),
  };

  async function lessonForm(request: FastifyRequest) {
    const form = await readForm(request, LessonWriteSchema, rules);
    const files: LessonFiles = { methodology: {} };
    const video = form.streamed.video?.[0];
    if (video) files.video = video;
    const preview = form.streamed.preview?.[0];
    if (preview) files.preview = preview;
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

  api.get(
    '/api/admin/lessons/:id/media',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: "The lesson's chapters and which subtitle languages it has",
        params: IdParamSchema,
        response: { 200: successEnvelope(LessonMediaSchema), ...errors },
      },
    },
    async (request) => ok(await service.media(request.params.id)),
  );

  api.put(
    '/api/admin/lessons/:id/chapters',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: "Replaces the lesson's chapters (start second + title per language); stored by start time",
        params: IdParamSchema,
        body: ChaptersWriteSchema,
        response: { 200: successEnvelope(LessonMediaSchema), ...errors },
      },
    },
    async (request) => ok(await service.setChapters(request.params.id, request.body)),
  );

  api.get(
    '/api/admin/lessons/:id/subtitles/:lang',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'The WebVTT text of one language, for editing',
        params: SubtitlesParams,
        response: { 200: successEnvelope(SubtitlesTextSchema), ...errors },
      },
    },
    async (request) => ok(await service.subtitlesText(request.params.id, request.params.lang)),
  );

  api.put(
    '/api/admin/lessons/:id/subtitles/:lang',
    {
      config: { access: 'admin' },
      bodyLimit: SUBTITLES_BODY_LIMIT,
      schema: {
        tags: ['admin', 'training'],
        summary: 'Saves the subtitles of one language (WebVTT text, from a file or the editor)',
        description:
          'The text must be valid WebVTT: otherwise 400 `INVALID_WEBVTT` naming the line (`details.line`). ' +
          'Stored as a private text/vtt file; purchasers get it through a signed URL in /access.',
        params: SubtitlesParams,
        body: SubtitlesWriteSchema,
        response: { 200: successEnvelope(LessonMediaSchema), ...errors, 413: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.saveSubtitles(request.params.id, request.params.lang, request.body.vtt)),
  );

  api.delete(
    '/api/admin/lessons/:id/subtitles/:lang',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Deletes the subtitles of one language',
        params: SubtitlesParams,
        response: { 200: successEnvelope(LessonMediaSchema), ...errors },
      },
    },
    async (request) => ok(await service.removeSubtitles(request.params.id, request.params.lang)),
  );

  api.get(
    '/api/admin/lessons/:id/hls',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: "The HLS transcode of the lesson's video: state, progress, error, renditions played",
        params: IdParamSchema,
        response: { 200: successEnvelope(LessonHlsStatusSchema), ...errors },
      },
    },
    async (request) => ok(await hls.status(request.params.id)),
  );

  api.post(
    '/api/admin/lessons/:id/hls/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Queues the transcode of the current video again (after a failure)',
        description: '409 `HLS_JOB_ACTIVE` while one is queued or running; 409 `HLS_UNAVAILABLE` without ffmpeg.',
        params: IdParamSchema,
        response: { 200: successEnvelope(LessonHlsStatusSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => ok(await hls.retry(request.params.id)),
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
