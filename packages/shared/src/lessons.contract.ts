import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, PaginationQuerySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { LANGUAGES } from './i18n';
import { PlayerSettingsSchema } from './lesson-player';
import { lessonsRouteTable } from './lessons.routes';
import {
  LessonAccessSchema,
  LessonPurchaseSchema,
  LessonSchema,
  PromoCheckBodySchema,
  PromoQuoteSchema,
  SignedFileQuerySchema,
} from './training';

const LessonFileParams = z.object({ id: z.uuid(), lang: z.enum(LANGUAGES) });

export const lessonsContract = defineContract('lessons', lessonsRouteTable, {
  listTrainingLessons: {
    summary: 'Published video lessons in lesson-number order',
    query: PaginationQuerySchema,
    response: { 200: listEnvelope(LessonSchema), 400: ErrorBodySchema },
  },
  getTrainingLessons: {
    summary: 'One published lesson (no video or methodology file locations)',
    params: IdParamSchema,
    response: { 200: successEnvelope(LessonSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  trainingPurchases: {
    summary: "The signed-in user's lesson purchases with dates, newest first",
    response: { 200: successEnvelope(z.array(LessonPurchaseSchema)), 401: ErrorBodySchema },
  },
  trainingLessonsAccess: {
    summary: 'Short-lived signed URLs of the video and methodology sheets, and the saved playback position',
    description: 'Purchasers of the lesson (or its course) and admins; others 403.',
    params: IdParamSchema,
    response: {
      200: successEnvelope(LessonAccessSchema),
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
  },
  trainingLessonsVideo: {
    summary: 'The lesson video (HTTP Range) for purchasers and admins, by bearer token or signed URL',
    params: IdParamSchema,
    query: SignedFileQuerySchema,
  },
  trainingLessonsPreview: {
    summary: "The lesson's public preview clip (HTTP Range), for anyone",
    description: 'A lesson without a preview, unpublished or unknown: 404.',
    params: IdParamSchema,
    response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  trainingLessonsHls: {
    summary: 'A playlist or segment of the HLS renditions (HTTP Range), for a signed path from /access',
    description:
      'For the signed-in learner the path was signed for (session cookie or bearer), while they may watch: ' +
      'a guest 401; another account, a forged or expired signature, or a refunded lesson 403; a replaced version 404.',
    params: z.object({ id: z.uuid(), version: z.uuid(), token: z.string().max(200), '*': z.string().max(200) }),
  },
  trainingLessonsMethodology: {
    summary: 'The methodology sheet (PDF) in one language for purchasers and admins',
    description: 'A missing language is a 404 with the "not found in the chosen language" message.',
    params: LessonFileParams,
    query: SignedFileQuerySchema,
  },
  trainingLessonsSubtitles: {
    summary: 'The WebVTT subtitles (text/vtt) of one language for purchasers and admins, by signed URL',
    description: 'Like the video: a valid signature from /access, or the bearer session of a purchaser/admin.',
    params: LessonFileParams,
    query: SignedFileQuerySchema,
  },
  listTrainingPlayerSettings: {
    summary: "The signed-in learner's player settings (speed, mirror, subtitles), the defaults until changed",
    response: { 200: successEnvelope(PlayerSettingsSchema), 401: ErrorBodySchema },
  },
  putTrainingPlayerSettings: {
    summary: "Replaces the learner's player settings; every lesson's player starts with them",
    body: PlayerSettingsSchema,
    response: { 200: successEnvelope(PlayerSettingsSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
  },
  trainingLessonsPromoCheck: {
    summary: 'Checks a promo code for the lesson (live validation): the price before and after it',
    description:
      'Any code that cannot be used (unknown, inactive, expired, used up, for another item) → the same 400 ' +
      '`PROMO_INVALID`; checks count against a limit per account and per address (429).',
    params: IdParamSchema,
    body: PromoCheckBodySchema,
    response: {
      200: successEnvelope(PromoQuoteSchema),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      429: ErrorBodySchema,
    },
  },
});
