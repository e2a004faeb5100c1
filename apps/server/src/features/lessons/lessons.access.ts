/**
 * Who may watch a lesson: the one rule for its private files (video, methodology sheets), the
 * signed URLs that carry it to `<video src>` and download links, and the playback position (kept
 * for those who may watch only).
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
import type { LessonFile, MediaSigner, SignedParams } from './lessons.media';
import type { LessonRecord, LessonsRepo } from './lessons.repo';

export function createLessonAccess({ repo, signer }: { repo: LessonsRepo; signer: MediaSigner }) {
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

  const path = (lessonId: string, file: LessonFile) =>
    file === 'video'
      ? `/api/training/lessons/${lessonId}/video`
      : `/api/training/lessons/${lessonId}/methodology/${file.slice('methodology-'.length)}`;

  return {
    authorize,

    /** Signed URLs of every file the lesson has, plus where the user stopped watching. */
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
      for (const lang of LANGUAGES) if (lesson.methodology[lang]) methodology[lang] = url(`methodology-${lang}`);
      const video = lesson.video ? url('video') : null;
      if (expires === 0) expires = signer.sign(userId, lesson.id, 'video').expires;
      return {
        video,
        methodology,
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

    async position(user: SessionUser | null, lessonId: string): Promise<number> {
      const lesson = await authorize(user, lessonId);
      return repo.position((user as SessionUser).id, lesson.id);
    },

    async savePosition(user: SessionUser | null, lessonId: string, positionSeconds: number): Promise<void> {
      const lesson = await authorize(user, lessonId);
      await repo.savePosition((user as SessionUser).id, lesson.id, positionSeconds);
    },
  };
}
export type LessonAccessService = ReturnType<typeof createLessonAccess>;
