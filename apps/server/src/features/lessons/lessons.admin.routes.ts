import { randomUUID } from 'node:crypto';
import {
  LANGUAGES,
  LessonWriteSchema,
  METHODOLOGY_MAX_BYTES,
  POSTER_MAX_BYTES,
  PREVIEW_MAX_BYTES,
} from '@atelier/shared';
import { lessonsAdminContract as contract } from '@atelier/shared/lessons-admin.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { type FileRule, readForm } from '../../platform/http/multipart';
import { route } from '../../platform/http/route';
import type { Storage } from '../../platform/storage/storage';
import type { LessonFiles, LessonsAdminService } from './lessons.admin.service';
import type { LessonHls } from './lessons.hls';

export interface LessonsAdminRoutesOptions {
  service: LessonsAdminService;
  hls: LessonHls;
  storage: Storage;
  uploadLimitBytes: number;
}

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

  route(api, contract.listAdminLessons, async () => ok(await service.listLessons()));

  route(api, contract.getAdminLessons, async (request) => ok(await service.getLesson(request.params.id)));

  route(api, contract.createAdminLessons, async (request, reply) => {
    const { fields, files } = await lessonForm(request);
    return reply.code(201).send(ok(await service.createLesson(fields, files)));
  });

  route(api, contract.putAdminLessons, async (request) => {
    const { fields, files } = await lessonForm(request);
    return ok(await service.updateLesson(request.params.id, fields, files));
  });

  route(api, contract.adminLessonsMedia, async (request) => ok(await service.media(request.params.id)));

  route(api, contract.adminLessonsChapters, async (request) =>
    ok(await service.setChapters(request.params.id, request.body)),
  );

  route(api, contract.getAdminLessonsSubtitles, async (request) =>
    ok(await service.subtitlesText(request.params.id, request.params.lang)),
  );

  route(
    api,
    contract.putAdminLessonsSubtitles,
    async (request) => ok(await service.saveSubtitles(request.params.id, request.params.lang, request.body.vtt)),
    { bodyLimit: SUBTITLES_BODY_LIMIT },
  );

  route(api, contract.deleteAdminLessonsSubtitles, async (request) =>
    ok(await service.removeSubtitles(request.params.id, request.params.lang)),
  );

  route(api, contract.adminLessonsHls, async (request) => ok(await hls.status(request.params.id)));

  route(api, contract.adminLessonsHlsRetry, async (request) => ok(await hls.retry(request.params.id)));

  route(api, contract.deleteAdminLessons, async (request) => {
    await service.deleteLesson(request.params.id);
    return ok(null);
  });
};
