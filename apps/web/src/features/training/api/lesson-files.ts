import type { Language } from '@atelier/shared';
import { buildUrl } from '../../../shared/api/client';
import { getToken } from '../../../shared/api/token';

/**
 * Private files are streamed by the server to purchasers only. The `<video>` element cannot send
 * an Authorization header, so the token travels as a query parameter on these two URLs.
 */
export function lessonVideoUrl(lessonId: string): string {
  return buildUrl(`/training/lessons/${encodeURIComponent(lessonId)}/video`, { token: getToken() });
}

export function methodologyUrl(lessonId: string, language: Language): string {
  return buildUrl(`/training/lessons/${encodeURIComponent(lessonId)}/methodology/${language}`, { token: getToken() });
}
