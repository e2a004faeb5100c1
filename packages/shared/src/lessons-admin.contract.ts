import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { LANGUAGES } from './i18n';
import { ChaptersWriteSchema, LessonMediaSchema, SubtitlesTextSchema, SubtitlesWriteSchema } from './lesson-player';
import { lessonsAdminRouteTable } from './lessons-admin.routes';
import { AdminLessonSchema, LessonHlsStatusSchema } from './training';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const FORM_DESCRIPTION =
  'multipart/form-data: a `data` part (JSON of the fields) and optional files `video` (MP4/WebM, streamed ' +
  'to private storage), `preview` (a short MP4/WebM trailer anyone may watch), `poster` (image), `methodology_ru|en|es` (PDF); or a plain JSON body without files.';
const SubtitlesParams = z.object({ id: z.uuid(), lang: z.enum(LANGUAGES) });

export const lessonsAdminContract = defineContract('lessons', lessonsAdminRouteTable, {
  listAdminLessons: {
    summary: 'Every lesson, published or not, with its file names',
    response: { 200: successEnvelope(z.array(AdminLessonSchema)), ...errors },
  },
  getAdminLessons: {
    summary: 'One lesson for editing',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminLessonSchema), ...errors },
  },
  createAdminLessons: {
    summary: 'Creates a lesson',
    description: FORM_DESCRIPTION,
    response: { 201: successEnvelope(AdminLessonSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
  },
  putAdminLessons: {
    summary: 'Replaces the fields of a lesson; files sent replace the stored ones, others are kept',
    description: `${FORM_DESCRIPTION} \`removeVideo\`, \`removePoster\`, \`removeMethodology\` drop stored files.`,
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminLessonSchema), ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
  },
  adminLessonsMedia: {
    summary: "The lesson's chapters and which subtitle languages it has",
    params: IdParamSchema,
    response: { 200: successEnvelope(LessonMediaSchema), ...errors },
  },
  adminLessonsChapters: {
    summary: "Replaces the lesson's chapters (start second + title per language); stored by start time",
    params: IdParamSchema,
    body: ChaptersWriteSchema,
    response: { 200: successEnvelope(LessonMediaSchema), ...errors },
  },
  getAdminLessonsSubtitles: {
    summary: 'The WebVTT text of one language, for editing',
    params: SubtitlesParams,
    response: { 200: successEnvelope(SubtitlesTextSchema), ...errors },
  },
  putAdminLessonsSubtitles: {
    summary: 'Saves the subtitles of one language (WebVTT text, from a file or the editor)',
    description:
      'The text must be valid WebVTT: otherwise 400 `INVALID_WEBVTT` naming the line (`details.line`). ' +
      'Stored as a private text/vtt file; purchasers get it through a signed URL in /access.',
    params: SubtitlesParams,
    body: SubtitlesWriteSchema,
    response: { 200: successEnvelope(LessonMediaSchema), ...errors, 413: ErrorBodySchema },
  },
  deleteAdminLessonsSubtitles: {
    summary: 'Deletes the subtitles of one language',
    params: SubtitlesParams,
    response: { 200: successEnvelope(LessonMediaSchema), ...errors },
  },
  adminLessonsHls: {
    summary: "The HLS transcode of the lesson's video: state, progress, error, renditions played",
    params: IdParamSchema,
    response: { 200: successEnvelope(LessonHlsStatusSchema), ...errors },
  },
  adminLessonsHlsRetry: {
    summary: 'Queues the transcode of the current video again (after a failure)',
    description: '409 `HLS_JOB_ACTIVE` while one is queued or running; 409 `HLS_UNAVAILABLE` without ffmpeg.',
    params: IdParamSchema,
    response: { 200: successEnvelope(LessonHlsStatusSchema), ...errors, 409: ErrorBodySchema },
  },
  deleteAdminLessons: {
    summary: 'Deletes a lesson and its files (409 when orders refer to it: unpublish it instead)',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.null()), ...errors, 409: ErrorBodySchema },
  },
});
