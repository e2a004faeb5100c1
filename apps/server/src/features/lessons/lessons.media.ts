/**
 * Private lesson files (video, methodology sheets, subtitles) reach the browser only through short-lived
 * signed URLs: `<video src>` and a download link cannot send an Authorization header, and a bearer
 * token in a query string would be a long-lived secret in logs and history. A signature is an
 * HMAC-SHA256 over (user, lesson, file, expiry), so it cannot be moved to another lesson, file or
 * user, and it dies on its own after `urlTtlSeconds`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFileRef } from '../../db/schema';
import { sendStoredFile } from '../../platform/http/stored-file';
import type { Storage } from '../../platform/storage/storage';

/** Which private file of a lesson a URL opens: the video, or one language's methodology sheet or subtitles. */
export type LessonFile =
  | 'video'
  | 'methodology-ru'
  | 'methodology-en'
  | 'methodology-es'
  | 'subtitles-ru'
  | 'subtitles-en'
  | 'subtitles-es';

/** What a signature opens: one file, or every playlist and segment of one version of the HLS renditions. */
export type SignedTarget = LessonFile | `hls:${string}`;

export interface SignedParams {
  u: string;
  e: number;
  s: string;
}

export function createMediaSigner({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }) {
  const mac = (userId: string, lessonId: string, file: SignedTarget, expires: number) =>
    createHmac('sha256', secret).update(`${userId}\n${lessonId}\n${file}\n${expires}`).digest('base64url');

  return {
    ttlSeconds,
    /** Query string `u=&e=&s=` valid for `ttlSeconds` from `now`. */
    sign(userId: string, lessonId: string, file: SignedTarget, now = Date.now()): { query: string; expires: number } {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const s = mac(userId, lessonId, file, expires);
      return { query: `u=${userId}&e=${expires}&s=${s}`, expires };
    },
    /**
     * The same signature as one path segment `<user>.<expiry>.<signature>`: HLS playlists name
     * their children by relative URLs, which keep the path but drop the query string.
     */
    token(userId: string, lessonId: string, file: SignedTarget, now = Date.now()): { token: string; expires: number } {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return { token: `${userId}.${expires}.${mac(userId, lessonId, file, expires)}`, expires };
    },
    /** `token` read back into the signed parameters (anything malformed gives empty ones, refused by verify). */
    fromToken(token: string): Partial<SignedParams> {
      const [u, e, s, extra] = token.split('.');
      if (extra !== undefined || !u || !e || !s || !/^\d{1,12}$/.test(e)) return {};
      return { u, e: Number(e), s };
    },
    /** The user the URL was signed for, or null when it is forged, for another file, or expired. */
    verify(params: Partial<SignedParams>, lessonId: string, file: SignedTarget, now = Date.now()): string | null {
      const { u, e, s } = params;
      if (!u || !e || !s) return null;
      if (e * 1000 <= now) return null;
      const expected = Buffer.from(mac(u, lessonId, file, e));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return u;
    },
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;

/** A private lesson file (video and subtitles inline, methodology sheet as an attachment), never cached by shared caches. */
export async function sendPrivateFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileRef,
  disposition: 'inline' | 'attachment',
): Promise<FastifyReply> {
  return sendStoredFile(request, reply, storage, {
    visibility: 'private',
    key: file.key,
    cacheControl: 'private, no-store',
    contentType: file.contentType || 'application/octet-stream',
    disposition: { type: disposition, filename: file.filename },
  });
}
