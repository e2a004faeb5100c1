import { randomUUID } from 'node:crypto';
import { text as streamText } from 'node:stream/consumers';
import {
  type AdminLesson,
  type ChaptersWrite,
  checkWebVtt,
  fillText,
  type Image,
  LANGUAGES,
  type Language,
  type LessonMedia,
  type LessonWrite,
  normalizeWebVtt,
  priceToMinor,
  SERVER_MESSAGES,
  type SubtitlesText,
  storedPoints,
  WEBVTT_PROBLEM_MESSAGES,
} from '@atelier/shared';
import { isUniqueViolation } from '../../db/client';
import type { StoredFileRef, SubtitlesRef } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { BufferedFile, StreamedFile } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import type { ImagePipeline } from '../../platform/images/images';
import { sniff, sniffStored } from '../../platform/storage/sniff';
import type { Storage } from '../../platform/storage/storage';
import type { LessonInsert, LessonsAdminRepo } from './lessons.admin.repo';
import { hlsPrefix, type LessonHls } from './lessons.hls';
import { toLesson } from './lessons.mappers';
import type { LessonRecord } from './lessons.repo';
import { TRAINING_CACHE_TAG } from './lessons.schemas';

const VTT_TYPE = 'text/vtt; charset=utf-8';

export interface LessonFiles {
  video?: StreamedFile;
  /** The public preview clip (a short trailer of its own, never cut from the video). */
  preview?: StreamedFile;
  poster?: BufferedFile;
  methodology: Partial<Record<Language, BufferedFile>>;
}

export function toAdminLesson(row: LessonRecord): AdminLesson {
  const info = (ref: StoredFileRef | null | undefined) =>
    ref ? { filename: ref.filename, size: ref.size } : undefined;
  const methodology: AdminLesson['methodology'] = {};
  for (const lang of LANGUAGES) {
    const file = info(row.methodology[lang]);
    if (file) methodology[lang] = file;
  }
  return {
    ...toLesson({
      ...row,
      hasVideo: row.video !== null,
      hasPreview: row.preview !== null,
      methodologyRu: Boolean(row.methodology.ru),
      methodologyEn: Boolean(row.methodology.en),
      methodologyEs: Boolean(row.methodology.es),
      purchased: false,
    }),
    published: row.published,
    video: info(row.video) ?? null,
    preview: info(row.preview) ?? null,
    methodology,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the admin sees of a lesson's chapters and subtitles (no storage keys). */
export function toLessonMedia(row: Pick<LessonRecord, 'chapters' | 'subtitles'>): LessonMedia {
  const subtitles: LessonMedia['subtitles'] = {};
  for (const lang of LANGUAGES) {
    const ref = row.subtitles[lang];
    if (ref) subtitles[lang] = { size: ref.size, updatedAt: ref.updatedAt };
  }
  return { chapters: row.chapters, subtitles };
}

/** Subtitles that fail the WebVTT check: 400 naming the line, in the request's language. */
function checkedWebVtt(text: string): string {
  const vtt = normalizeWebVtt(text);
  const result = checkWebVtt(vtt);
  if (result.ok) return vtt;
  const key = WEBVTT_PROBLEM_MESSAGES[result.problem];
  const message = { ...SERVER_MESSAGES[key] };
  for (const lang of LANGUAGES) message[lang] = fillText(message[lang], { line: result.line });
  throw new InvalidInput(
    message,
    { problem: result.problem, line: result.line, fields: [{ field: 'vtt', message: message.en }] },
    'INVALID_WEBVTT',
  );
}

const safeName = (name: string, fallback: string) => name.replace(/[/\\\0]/g, '_').slice(0, 200) || fallback;

/** Admin lessons with their private files. Every write invalidates the public lesson cache. */
export function createLessonsAdminService({
  repo,
  storage,
  images,
  cache,
  hls,
}: {
  repo: LessonsAdminRepo;
  storage: Storage;
  images: ImagePipeline;
  cache: PublicCache;
  /** HLS renditions: a stored video is queued for transcoding, a replaced one's renditions go. */
  hls?: Pick<LessonHls, 'enqueue' | 'removePrefix'>;
}) {
  /**
   * Checks and stores the files of a lesson form. Anything stored here is listed in `created`, so a
   * refused form deletes exactly what it left behind.
   */
  async function storeFiles(files: LessonFiles, created: (() => Promise<void>)[]) {
    const stored: {
      video?: StoredFileRef;
      preview?: StoredFileRef;
      poster?: Image;
      methodology: Partial<Record<Language, StoredFileRef>>;
    } = { methodology: {} };
    if (files.preview) {
      const preview = files.preview;
      created.push(() => preview.discard());
      const type = await sniffStored(storage, 'private', preview.stored.key);
      if (type !== 'video/mp4' && type !== 'video/webm') throw new InvalidInput('invalidVideo', { field: 'preview' });
      stored.preview = {
        key: preview.stored.key,
        filename: safeName(preview.filename, 'preview'),
        contentType: type,
        size: preview.stored.size,
      };
    }
    if (files.video) {
      const video = files.video;
      created.push(() => video.discard());
      const type = await sniffStored(storage, 'private', video.stored.key);
      if (type !== 'video/mp4' && type !== 'video/webm') throw new InvalidInput('invalidVideo', { field: 'video' });
      stored.video = {
        key: video.stored.key,
        filename: safeName(video.filename, 'video'),
        contentType: type,
        size: video.stored.size,
      };
    }
    for (const lang of LANGUAGES) {
      const file = files.methodology[lang];
      if (!file) continue;
      if (sniff(file.data) !== 'application/pdf')
        throw new InvalidInput('invalidPdf', { field: `methodology_${lang}` });
    }
    for (const lang of LANGUAGES) {
      const file = files.methodology[lang];
      if (!file) continue;
      const key = `lessons/methodology/${randomUUID()}.pdf`;
      const object = await storage.put('private', key, file.data, 'application/pdf');
      created.push(() => storage.delete('private', key));
      stored.methodology[lang] = {
        key,
        filename: safeName(file.filename, `methodology-${lang}.pdf`),
        contentType: 'application/pdf',
        size: object.size,
      };
    }
    if (files.poster) {
      const poster = await images.ingest(files.poster.data, 'lessons');
      created.push(() => images.remove(poster));
      stored.poster = poster;
    }
    return stored;
  }

  async function cleanup(steps: (() => Promise<void>)[]) {
    await Promise.all(steps.map((step) => step().catch(() => undefined)));
  }

  function columns(fields: LessonWrite): Partial<LessonInsert> {
    return {
      number: fields.number,
      title: fields.title,
      description: fields.description,
      level: fields.level,
      ...priceToMinor(fields.price),
      durationMinutes: fields.durationMinutes ?? null,
      // Absent = kept as it is (a form that does not know these fields does not clear them).
      ...(fields.outcomes === undefined ? {} : { outcomes: storedPoints(fields.outcomes) }),
      ...(fields.materials === undefined ? {} : { materials: storedPoints(fields.materials) }),
      published: fields.published,
    };
  }

  async function deleteFilesOf(
    row: Pick<LessonRecord, 'video' | 'preview' | 'poster' | 'methodology' | 'subtitles'>,
    which: {
      video?: boolean;
      preview?: boolean;
      poster?: boolean;
      methodology?: Language[];
      subtitles?: Language[];
    },
  ) {
    const jobs: Promise<unknown>[] = [];
    for (const lang of which.subtitles ?? []) {
      const ref = row.subtitles[lang];
      if (ref) jobs.push(storage.delete('private', ref.key));
    }
    if (which.video && row.video) jobs.push(storage.delete('private', row.video.key));
    if (which.preview && row.preview) jobs.push(storage.delete('private', row.preview.key));
    if (which.poster && row.poster) jobs.push(images.remove(row.poster));
    for (const lang of which.methodology ?? []) {
      const ref = row.methodology[lang];
      if (ref) jobs.push(storage.delete('private', ref.key));
    }
    await Promise.allSettled(jobs);
  }

  return {
    async listLessons(): Promise<AdminLesson[]> {
      return (await repo.listLessons()).map(toAdminLesson);
    },

    async getLesson(id: string): Promise<AdminLesson> {
      const row = await repo.findLesson(id);
      if (!row) throw new NotFound();
      return toAdminLesson(row);
    },

    async createLesson(fields: LessonWrite, files: LessonFiles): Promise<AdminLesson> {
      const created: (() => Promise<void>)[] = [];
      try {
        const stored = await storeFiles(files, created);
        const row = await repo.insertLesson({
          ...(columns(fields) as LessonInsert),
          video: stored.video ?? null,
          preview: stored.preview ?? null,
          poster: stored.poster ?? null,
          methodology: stored.methodology,
        });
        cache.invalidate(TRAINING_CACHE_TAG);
        if (row.video) await hls?.enqueue(row.id, row.video.key);
        return toAdminLesson(row);
      } catch (error) {
        await cleanup(created);
        if (isUniqueViolation(error, 'lessons_number_key')) throw new Conflict('lessonNumberTaken');
        throw error;
      }
    },

    async updateLesson(id: string, fields: LessonWrite, files: LessonFiles): Promise<AdminLesson> {
      const created: (() => Promise<void>)[] = [];
      try {
        const before = await repo.findLesson(id);
        if (!before) throw new NotFound();
        const stored = await storeFiles(files, created);
        const methodology = { ...before.methodology };
        const replaced: Language[] = [];
        for (const lang of LANGUAGES) {
          if (stored.methodology[lang] || fields.removeMethodology?.includes(lang)) {
            if (methodology[lang]) replaced.push(lang);
            delete methodology[lang];
          }
          if (stored.methodology[lang]) methodology[lang] = stored.methodology[lang];
        }
        const dropVideo = Boolean(stored.video || fields.removeVideo);
        const dropPoster = Boolean(stored.poster || fields.removePoster);
        const dropPreview = Boolean(stored.preview || fields.removePreview);
        const values: Partial<LessonInsert> = { ...columns(fields), methodology };
        // The renditions of the old video stop being offered in the same update.
        if (dropVideo) Object.assign(values, { video: stored.video ?? null, hls: null });
        if (dropPoster) values.poster = stored.poster ?? null;
        if (dropPreview) values.preview = stored.preview ?? null;
        const row = await repo.updateLesson(id, values);
        if (!row) throw new NotFound();
        cache.invalidate(TRAINING_CACHE_TAG);
        // The old files go only once the row no longer points at them.
        await deleteFilesOf(before, {
          video: dropVideo,
          preview: dropPreview,
          poster: dropPoster,
          methodology: replaced,
        });
        if (dropVideo && before.hls) await hls?.removePrefix(before.hls.prefix);
        if (stored.video) await hls?.enqueue(row.id, stored.video.key);
        return toAdminLesson(row);
      } catch (error) {
        await cleanup(created);
        if (isUniqueViolation(error, 'lessons_number_key')) throw new Conflict('lessonNumberTaken');
        throw error;
      }
    },

    async deleteLesson(id: string): Promise<void> {
      if (await repo.lessonHasOrders(id)) throw new Conflict('lessonHasOrders');
      const deleted = await repo.deleteLesson(id);
      if (!deleted) throw new NotFound();
      const { row, workPhotos } = deleted;
      cache.invalidate(TRAINING_CACHE_TAG);
      await Promise.all(workPhotos.map((photo) => images.remove(photo).catch(() => undefined)));
      await deleteFilesOf(row, {
        video: true,
        preview: true,
        poster: true,
        methodology: [...LANGUAGES],
        subtitles: [...LANGUAGES],
      });
      if (row.hls) await hls?.removePrefix(hlsPrefix(row.id));
    },

    // ---- chapters and subtitles (the player's; shown to purchasers only, see lessons.access.ts)

    async media(id: string): Promise<LessonMedia> {
      const row = await repo.findLesson(id);
      if (!row) throw new NotFound();
      return toLessonMedia(row);
    },

    /** Replaces the chapter list, stored by start time. */
    async setChapters(id: string, body: ChaptersWrite): Promise<LessonMedia> {
      const chapters = [...body.chapters].sort((a, b) => a.startSeconds - b.startSeconds);
      const row = await repo.setChapters(id, chapters);
      if (!row) throw new NotFound();
      return toLessonMedia(row);
    },

    /** The stored WebVTT text of one language, for the editor. */
    async subtitlesText(id: string, lang: Language): Promise<SubtitlesText> {
      const row = await repo.findLesson(id);
      if (!row) throw new NotFound();
      const ref = row.subtitles[lang];
      if (!ref) throw new NotFound('subtitlesNotFound', 'SUBTITLES_NOT_FOUND');
      return { language: lang, vtt: await streamText(await storage.read('private', ref.key)) };
    },

    /**
     * Checks the text as WebVTT (400 naming the line otherwise), stores it as a private
     * `text/vtt` file and points the lesson at it; the file it replaces is deleted after.
     */
    async saveSubtitles(id: string, lang: Language, text: string): Promise<LessonMedia> {
      const vtt = checkedWebVtt(text);
      if (!(await repo.findLesson(id))) throw new NotFound();
      const key = `lessons/subtitles/${randomUUID()}.vtt`;
      const object = await storage.put('private', key, Buffer.from(vtt, 'utf8'), VTT_TYPE);
      const ref: SubtitlesRef = {
        key,
        filename: `subtitles-${lang}.vtt`,
        contentType: VTT_TYPE,
        size: object.size,
        updatedAt: new Date().toISOString(),
      };
      const result = await repo.replaceSubtitles(id, lang, ref).catch(async (error: unknown) => {
        await storage.delete('private', key).catch(() => undefined);
        throw error;
      });
      if (!result) {
        await storage.delete('private', key).catch(() => undefined);
        throw new NotFound();
      }
      if (result.replaced) await storage.delete('private', result.replaced.key).catch(() => undefined);
      return toLessonMedia(result.row);
    },

    async removeSubtitles(id: string, lang: Language): Promise<LessonMedia> {
      const row = await repo.findLesson(id);
      if (!row) throw new NotFound();
      if (!row.subtitles[lang]) throw new NotFound('subtitlesNotFound', 'SUBTITLES_NOT_FOUND');
      const result = await repo.replaceSubtitles(id, lang, null);
      if (!result) throw new NotFound();
      if (!result.replaced) return toLessonMedia(result.row);
      await storage.delete('private', result.replaced.key).catch(() => undefined);
      return toLessonMedia(result.row);
    },
  };
}
export type LessonsAdminService = ReturnType<typeof createLessonsAdminService>;
