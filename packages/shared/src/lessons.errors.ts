/**
 * The `code`s the lessons feature answers with (video, HLS, subtitles, methodology files and
 * their signed links).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const LESSONS_ERRORS = [
  'ALREADY_PURCHASED',
  'VIDEO_NOT_UPLOADED',
  'HLS_UNAVAILABLE',
  'HLS_JOB_ACTIVE',
  'INVALID_WEBVTT',
  'SUBTITLES_NOT_FOUND',
  'METHODOLOGY_UNAVAILABLE',
  'METHODOLOGY_LANGUAGE_NOT_FOUND',
  'SIGNED_URL_INVALID',
  'SIGNED_URL_OTHER_ACCOUNT',
] as const;
export type LessonsErrorCode = (typeof LESSONS_ERRORS)[number];
