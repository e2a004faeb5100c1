/**
 * Shapes of the lesson player's data: chapters and subtitles of a lesson (written by the admin,
 * read by purchasers with the signed media URLs), and the player settings kept per account.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from './base-schemas';
import { LANGUAGES } from './i18n';
import {
  CHAPTERS_MAX,
  PLAYBACK_RATES,
  type PlayerSettings,
  SUBTITLE_CHOICES,
  SUBTITLES_MAX_CHARS,
} from './lesson-player.constants';
import type { ServerMessageKey } from './messages';

const m = (key: ServerMessageKey) => key;

/** Longest lesson a chapter may point into (a day, as the saved playback position). */
const CHAPTER_MAX_SECONDS = 24 * 60 * 60;

/** A chapter: where it starts (whole seconds from the beginning) and its title per language. */
export const ChapterSchema = z.object({
  startSeconds: z.number().int().min(0).max(CHAPTER_MAX_SECONDS),
  title: LocalizedTextSchema,
});
export type Chapter = z.infer<typeof ChapterSchema>;

export const ChapterWriteSchema = z
  .object({
    startSeconds: z.number().int().min(0).max(CHAPTER_MAX_SECONDS),
    title: LocalizedTextSchema.extend({
      ru: z.string().trim().min(1, m('chapterTitleRequired')).max(200),
      en: z.string().trim().max(200).optional(),
      es: z.string().trim().max(200).optional(),
    }).strict(),
  })
  .strict();

/** PUT /admin/lessons/{id}/chapters: the whole list (any order; stored by start time, no two at one time). */
export const ChaptersWriteSchema = z
  .object({ chapters: z.array(ChapterWriteSchema).max(CHAPTERS_MAX) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.chapters.forEach((chapter, index) => {
      if (seen.has(chapter.startSeconds)) {
        ctx.addIssue({ code: 'custom', message: m('chapterTimeRepeated'), path: ['chapters', index, 'startSeconds'] });
      }
      seen.add(chapter.startSeconds);
    });
  });
export type ChaptersWrite = z.infer<typeof ChaptersWriteSchema>;

/** PUT /admin/lessons/{id}/subtitles/{lang}: the WebVTT text (checked with `checkWebVtt` by the server). */
export const SubtitlesWriteSchema = z
  .object({ vtt: z.string().min(1, m('subtitlesEmpty')).max(SUBTITLES_MAX_CHARS, m('subtitlesTooLong')) })
  .strict();
export type SubtitlesWrite = z.infer<typeof SubtitlesWriteSchema>;

export const SubtitlesFileSchema = z.object({ size: z.number().int().nonnegative(), updatedAt: z.iso.datetime() });

/** What the admin sees of a lesson's chapters and subtitles. */
export const LessonMediaSchema = z.object({
  chapters: z.array(ChapterSchema),
  subtitles: z.object({
    ru: SubtitlesFileSchema.optional(),
    en: SubtitlesFileSchema.optional(),
    es: SubtitlesFileSchema.optional(),
  }),
});
export type LessonMedia = z.infer<typeof LessonMediaSchema>;

/** GET /admin/lessons/{id}/subtitles/{lang}: the stored text, for the editor. */
export const SubtitlesTextSchema = z.object({ language: z.enum(LANGUAGES), vtt: z.string() });
export type SubtitlesText = z.infer<typeof SubtitlesTextSchema>;

export const PlaybackRateSchema = z.literal(PLAYBACK_RATES);

export const PlayerSettingsSchema = z
  .object({
    speed: PlaybackRateSchema,
    mirrored: z.boolean(),
    subtitles: z.enum(SUBTITLE_CHOICES),
  })
  .strict() satisfies z.ZodType<PlayerSettings, PlayerSettings>;
