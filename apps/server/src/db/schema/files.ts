/** Shapes of stored files referenced from rows (videos, subtitles, HLS renditions, mail attachments). */

/** A file of a queued mail, base64 (a printable certificate). */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };
export type StoredFileRef = { key: string; filename: string; contentType: string; size: number };
/**
 * A lesson's stored video. `durationSeconds` is its length as read from the file's header the
 * first time progress needed it (features/lessons/lessons.duration.ts): absent = not read yet,
 * null = the header does not tell. A replaced video starts without it.
 */
export type VideoRef = StoredFileRef & { durationSeconds?: number | null };
/** A stored WebVTT file of a lesson, with when it was last saved (the admin sees it). */
export type SubtitlesRef = StoredFileRef & { updatedAt: string };
/**
 * The HLS renditions a lesson plays from: a complete set written under `prefix` (private storage)
 * by the transcode job `version`, made from the video whose key is `sourceKey`.
 */
export type HlsRef = {
  version: string;
  prefix: string;
  sourceKey: string;
  renditions: { height: number; bandwidth: number }[];
};
