/**
 * Who may watch a lesson: the one rule for its private files (video, methodology sheets,
 * subtitles) and its chapters, the signed URLs that carry it to `<video src>`, `<track src>` and
 * download links, and who may report progress on it (kept for those who may watch only).
 *
 * Rules: guest → 401, signed-in non-purchaser → 403, purchaser (of the lesson or of its
 * course) and admin → allowed. A signed URL is accepted only when its HMAC matches this user, lesson
 * and file and it has not expired; the purchase was checked when it was signed, and the URL lives
 * for minutes only.
 */
import { LANGUAGES, type Language, type LessonAccess } from '@atelier/shared';
import type { StoredFileRef } from '../../db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { Forbidden, NotFound, Unauthorized } from '../../platform/errors';
import { HLS_FILE_RE } from './lessons.hls.transcode';
import type { LessonFile, MediaSigner, SignedParams } from './lessons.media';
import type { LessonRecord, LessonsRepo } from './lessons.repo';

export function createLessonAccess({
  repo,
  signer,
  hls = true,
}: {
  repo: LessonsRepo;
  signer: MediaSigner;
  /** False = HLS off: only the MP4 is offered, even for a lesson that has renditions. */
  hls?: boolean;
}) {
  /** The lesson if `user` may open its files; 401/403/404 otherwise. Unpublished lessons are for admins only. */
  async function authorize(user: SessionUser | null, lessonId: string): Promise<LessonRecord> {
    if (!user) throw new Unauthorized();
    const lesson = await repo.findLesson(lessonId);
    const admin = user.role === 'admin';
    if (!lesson || (!lesson.published && !admin)) throw new NotFound();
    if (!admin && !(await repo.owns(user.id, lesson))) throw new Forbidden('lessonNotPurchased');
    return lesson;
  }

  function fileOf(lesson: LessonRecord, file: LessonFile): StoredFileRef {
    if (file === 'video') {
      if (!lesson.video) throw new NotFound('videoNotUploaded', 'VIDEO_NOT_UPLOADED');
      return lesson.video;
    }
    if (file.startsWith('subtitles-')) {
      const ref = lesson.subtitles[file.slice('subtitles-'.length) as Language];
      if (!ref) throw new NotFound('subtitlesNotFound', 'SUBTITLES_NOT_FOUND');
      return ref;
    }
    const lang = file.slice('methodology-'.length) as Language;
    const ref = lesson.methodology[lang];
    if (!ref) {
      if (Object.keys(lesson.methodology).length === 0) {
        throw new NotFound('methodologyUnavailable', 'METHODOLOGY_UNAVAILABLE');
      }
      throw new NotFound('methodologyLanguageNotFound', 'METHODOLOGY_LANGUAGE_NOT_FOUND');
    }
    return ref;
  }

  /** `video` → /video, `methodology-en` → /methodology/en, `subtitles-es` → /subtitles/es. */
  const path = (lessonId: string, file: LessonFile) => `/api/training/lessons/${lessonId}/${file.replace('-', '/')}`;

  return {
    authorize,

    /** Signed URLs of every file the lesson has, its chapters, and where the user stopped watching. */
    async access(user: SessionUser | null, lessonId: string): Promise<LessonAccess> {
      const lesson = await authorize(user, lessonId);
      const userId = (user as SessionUser).id;
      let expires = 0;
      const url = (file: LessonFile) => {
        const signed = signer.sign(userId, lesson.id, file);
        expires = signed.expires;
        return `${path(lesson.id, file)}?${signed.query}`;
      };
      const methodology: LessonAccess['methodology'] = {};
      const subtitles: LessonAccess['subtitles'] = {};
      for (const lang of LANGUAGES) {
        if (lesson.methodology[lang]) methodology[lang] = url(`methodology-${lang}`);
        if (lesson.subtitles[lang]) subtitles[lang] = url(`subtitles-${lang}`);
      }
      const video = lesson.video ? url('video') : null;
      if (expires === 0) expires = signer.sign(userId, lesson.id, 'video').expires;
      let master: string | null = null;
      if (hls && lesson.video && lesson.hls) {
        const { version } = lesson.hls;
        const { token } = signer.token(userId, lesson.id, `hls:${version}`);
        master = `/api/training/lessons/${lesson.id}/hls/${version}/${token}/master.m3u8`;
      }
      return {
        video,
        hls: master,
        methodology,
        subtitles,
        chapters: lesson.chapters,
        expiresAt: new Date(expires * 1000).toISOString(),
        positionSeconds: await repo.position(userId, lesson.id),
      };
    },

    /**
     * The stored file a request may stream: with a valid signature for this lesson+file, or with the
     * bearer session of a purchaser/admin. Anything else: 401 (no proof) / 403 (not a purchaser,
     * or a forged/expired signature).
     */
    async resolveFile(
      user: SessionUser | null,
      lessonId: string,
      file: LessonFile,
      signed: Partial<SignedParams>,
    ): Promise<StoredFileRef> {
      // The lesson first: an unknown id is a 404 whoever asks.
      const lesson = await repo.findLesson(lessonId);
      if (!lesson) throw new NotFound();
      if (signed.s !== undefined || signed.u !== undefined || signed.e !== undefined) {
        if (!signer.verify(signed, lessonId, file)) throw new Forbidden('signedUrlInvalid', 'SIGNED_URL_INVALID');
        return fileOf(lesson, file);
      }
      return fileOf(await authorize(user, lessonId), file);
    },

    /**
     * The stored key of one HLS playlist or segment. The token in the path must sign this user,
     * lesson and rendition version (403 otherwise); a version that is not the lesson's current one
     * (replaced meanwhile) and any other file name are 404.
     */
    async resolveHls(lessonId: string, version: string, token: string, file: string): Promise<string> {
      const lesson = await repo.findLesson(lessonId);
      if (!lesson) throw new NotFound();
      if (!signer.verify(signer.fromToken(token), lessonId, `hls:${version}`)) {
        throw new Forbidden('signedUrlInvalid', 'SIGNED_URL_INVALID');
      }
      if (!hls || !lesson.hls || lesson.hls.version !== version || !HLS_FILE_RE.test(file)) {
        throw new NotFound('fileNotFound');
      }
      return `${lesson.hls.prefix}${file}`;
    },

    /**
     * A lesson whose progress `user` reports: 401/403/404 as for its files. `owned` is false for an
     * admin watching a lesson they did not buy (their position is kept, their watching not counted).
     */
    async progressTarget(
      user: SessionUser | null,
      lessonId: string,
    ): Promise<{ lessonId: string; courseId: string | null; owned: boolean }> {
      const lesson = await authorize(user, lessonId);
      const owned = (user as SessionUser).role !== 'admin' || (await repo.owns((user as SessionUser).id, lesson));
      return { lessonId: lesson.id, courseId: lesson.courseId, owned };
    },
  };
}
export type LessonAccessService = ReturnType<typeof createLessonAccess>;
