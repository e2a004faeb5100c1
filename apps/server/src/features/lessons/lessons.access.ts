/**
 * Who may watch a lesson: the one rule for its private files (video, methodology sheets,
 * subtitles) and its chapters, the signed URLs that carry it to `<video src>`, `<track src>` and
 * download links, and who may report progress on it (kept for those who may watch only).
 *
 * Rules: guest → 401, signed-in non-purchaser → 403, purchaser (of the lesson or of its
 * course) and admin → allowed. A signed URL is not a bearer link: it is accepted only when its HMAC
 * matches this user, lesson and file, it has not expired, the request comes from that same user
 * signed in (the Authorization header or the session cookie, which `<video>` sends), and that user
 * may still watch the lesson. Ownership is read afresh when URLs are issued (`/access`) and for every
 * HLS playlist; other requests (Range requests, segments, sheets, subtitles) reuse a positive answer
 * for at most OWNERSHIP_CACHE_MS, and a cancelled order drops the learner's answers at once in this
 * process — so a refund ends playback within a minute on every instance.
 */
import { LANGUAGES, type Language, type LessonAccess } from '@atelier/shared';
import type { StoredFileRef } from '../../db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { Forbidden, NotFound, Unauthorized } from '../../platform/errors';
import { HLS_FILE_RE } from './lessons.hls.transcode';
import type { LessonFile, MediaSigner, SignedParams } from './lessons.media';
import type { LessonRecord, LessonsRepo } from './lessons.repo';

/** How long a "may watch" answer is reused for a learner's media requests (≤ 60 s by rule). */
export const OWNERSHIP_CACHE_MS = 30_000;
/** Answers kept at most; past that the cache starts again (it is only a shortcut). */
const OWNERSHIP_CACHE_MAX = 20_000;

export function createLessonAccess({
  repo,
  signer,
  hls = true,
  now = Date.now,
}: {
  repo: LessonsRepo;
  signer: MediaSigner;
  /** False = HLS off: only the MP4 is offered, even for a lesson that has renditions. */
  hls?: boolean;
  /** The clock of the ownership cache. */
  now?: () => number;
}) {
  /** `${user} ${lesson}` → until when "owns it" may be reused. */
  const owned = new Map<string, number>();

  /** Whether `user` owns the lesson; `fresh` reads the purchases now, else a recent yes is reused. */
  async function owns(user: SessionUser, lesson: LessonRecord, fresh: boolean): Promise<boolean> {
    const key = `${user.id} ${lesson.id}`;
    const at = now();
    if (!fresh && (owned.get(key) ?? 0) > at) return true;
    const yes = await repo.owns(user.id, lesson);
    if (yes) {
      if (owned.size >= OWNERSHIP_CACHE_MAX) owned.clear();
      owned.set(key, at + OWNERSHIP_CACHE_MS);
    } else {
      owned.delete(key);
    }
    return yes;
  }

  /** The lesson if `user` may open its files; 401/403/404 otherwise. Unpublished lessons are for admins only. */
  async function authorize(user: SessionUser | null, lessonId: string, fresh = true): Promise<LessonRecord> {
    if (!user) throw new Unauthorized();
    const lesson = await repo.findLesson(lessonId);
    const admin = user.role === 'admin';
    if (!lesson || (!lesson.published && !admin)) throw new NotFound();
    if (!admin && !(await owns(user, lesson, fresh))) throw new Forbidden('lessonNotPurchased');
    return lesson;
  }

  /**
   * A signed URL's checks: the signature (`signed` is the user it names, null when forged, moved or
   * expired: 403), then the requester — a guest 401, another account 403 — then whether they may
   * still watch (authorize). Unknown lesson 404 before anything.
   */
  async function signedFor(
    user: SessionUser | null,
    lessonId: string,
    signed: string | null,
    fresh: boolean,
  ): Promise<LessonRecord> {
    if (!signed) throw new Forbidden('signedUrlInvalid', 'SIGNED_URL_INVALID');
    if (!user) throw new Unauthorized();
    if (user.id !== signed) throw new Forbidden('signedUrlOtherAccount', 'SIGNED_URL_OTHER_ACCOUNT');
    return authorize(user, lessonId, fresh);
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

    /** A cancelled order took lessons back: this process asks again for the learner's next request. */
    forget(userId: string): void {
      for (const key of owned.keys()) if (key.startsWith(`${userId} `)) owned.delete(key);
    },

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
     * The stored file a request may stream: with a valid signature for this lesson+file made for the
     * signed-in requester who may still watch, or with the session of a purchaser/admin. Anything
     * else: 401 (no session) / 403 (not a purchaser, another account's URL, a forged/expired one).
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
        return fileOf(await signedFor(user, lessonId, signer.verify(signed, lessonId, file), false), file);
      }
      return fileOf(await authorize(user, lessonId, false), file);
    },

    /**
     * The stored key of one HLS playlist or segment. The token in the path must sign this lesson and
     * rendition version for the signed-in requester, who must still be allowed to watch — read
     * afresh for every playlist (403/401 otherwise); a version that is not the lesson's current one
     * (replaced meanwhile) and any other file name are 404.
     */
    async resolveHls(
      user: SessionUser | null,
      lessonId: string,
      version: string,
      token: string,
      file: string,
    ): Promise<string> {
      const found = await repo.findLesson(lessonId);
      if (!found) throw new NotFound();
      const signed = signer.verify(signer.fromToken(token), lessonId, `hls:${version}`);
      const lesson = await signedFor(user, lessonId, signed, file.endsWith('.m3u8'));
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
