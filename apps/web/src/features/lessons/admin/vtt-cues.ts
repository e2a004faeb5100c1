import { checkWebVtt, normalizeWebVtt, parseCueTiming, type WebVttProblem } from '@atelier/shared';

/**
 * Subtitles as the admin edits them: a list of cues (start, end, text). The server keeps and
 * checks WebVTT text (the shared `checkWebVtt`); this module turns a stored or imported file into
 * cues with the same check, and cues back into a file that passes it.
 */

export interface Cue {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  /** The words shown; several lines allowed, never a blank line. */
  text: string;
  /** Placement settings after the timing (`line:0 align:start`), kept as they came. */
  settings?: string;
}

export type CuesImport = { ok: true; cues: Cue[] } | { ok: false; problem: WebVttProblem; line: number };

/** Cues of a subtitles file; the first problem and its line when the server would refuse the file. */
export function parseVttCues(text: string): CuesImport {
  const check = checkWebVtt(text);
  if (!check.ok) return check;
  const lines = normalizeWebVtt(text).split('\n');
  const cues: Cue[] = [];
  let index = 1;
  // The header runs to the first blank line.
  while (index < lines.length && lines[index] !== '') index++;
  while (index < lines.length) {
    while (index < lines.length && lines[index] === '') index++;
    if (index >= lines.length) break;
    const blockStart = index;
    while (index < lines.length && lines[index] !== '') index++;
    const block = lines.slice(blockStart, index);
    // NOTE, STYLE and REGION blocks (no timing line; the check made sure of that) carry no words.
    const timingAt = block.findIndex((line) => line.includes('-->'));
    if (timingAt < 0) continue;
    const timingLine = block[timingAt] as string;
    const timing = parseCueTiming(timingLine);
    if (!timing) continue;
    const settings = timingLine.replace(/^.*?-->[ \t]+\S+/, '').trim();
    const cue: Cue = { start: timing.start, end: timing.end, text: block.slice(timingAt + 1).join('\n') };
    if (settings !== '') cue.settings = settings;
    cues.push(cue);
  }
  return { ok: true, cues };
}

/** `mm:ss.mmm`, or `hh:mm:ss.mmm` from an hour on. */
export function formatCueTime(seconds: number): string {
  const total = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const millis = String(total % 1000).padStart(3, '0');
  const secs = String(Math.floor(total / 1000) % 60).padStart(2, '0');
  const minutes = String(Math.floor(total / 60_000) % 60).padStart(2, '0');
  const hours = Math.floor(total / 3_600_000);
  return hours > 0 ? `${String(hours).padStart(2, '0')}:${minutes}:${secs}.${millis}` : `${minutes}:${secs}.${millis}`;
}

const TYPED_TIME_RE = /^(?:(\d{1,3}):)?(\d{1,3}):(\d{2})(?:[.,](\d{1,3}))?$/;

/**
 * Seconds of a time as the admin types it: `m:ss`, `mm:ss.mmm` or `hh:mm:ss.mmm` (a comma for the
 * point is accepted, fewer than three digits of fractions too); null when it is not a time.
 */
export function parseCueTime(text: string): number | null {
  const match = TYPED_TIME_RE.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes = '', secs = '', fraction = ''] = match;
  if (Number(secs) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  const millis = Number(fraction.padEnd(3, '0'));
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + millis / 1000;
}

/**
 * The words of a cue as a file can hold them: line ends trimmed, blank lines dropped (a blank
 * line would end the cue) and the arrow that marks a timing line softened.
 */
export function cueTextForFile(text: string): string {
  return normalizeWebVtt(text)
    .split('\n')
    .map((line) => line.replace(/-->/g, '→').trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Cues in order of start (then end), as the file needs them; the order of equal cues is kept. */
export function sortCues<T extends { start: number; end: number }>(cues: readonly T[]): T[] {
  return [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The subtitles file of the cues, sorted by start. */
export function serializeCues(cues: readonly Cue[]): string {
  const blocks = sortCues(cues).map((cue) => {
    const timing = `${formatCueTime(cue.start)} --> ${formatCueTime(cue.end)}`;
    const settings = cue.settings?.trim() ? ` ${cue.settings.trim()}` : '';
    return `${timing}${settings}\n${cueTextForFile(cue.text)}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** A cue as the editor holds it: the times as typed. */
export interface CueRow {
  key: string;
  start: string;
  end: string;
  text: string;
  settings?: string;
}

export type CueTimeProblem = 'badTime' | 'endBeforeStart' | 'beyondVideo';

export interface CueRowCheck {
  start?: CueTimeProblem;
  end?: CueTimeProblem;
  text?: 'textRequired';
  /** Shown at the same time as another cue (allowed by players, flagged so it is on purpose). */
  overlaps: boolean;
}

/** Whether any row has a problem that keeps the subtitles from being saved (overlaps do not). */
export const blocksSaving = (check: CueRowCheck) => Boolean(check.start || check.end || check.text);

/**
 * The problems of each row: times that are not times, an end not after the start, a time past
 * the end of the video (when its length is known), no words; and cues that overlap another.
 */
export function checkCueRows(rows: readonly CueRow[], duration?: number | null): CueRowCheck[] {
  const known = duration !== undefined && duration !== null && Number.isFinite(duration) && duration > 0;
  // A thousandth of slack: the video's length is not a whole number of milliseconds.
  const beyond = (seconds: number) => known && seconds > (duration as number) + 0.001;
  const times = rows.map((row) => ({ start: parseCueTime(row.start), end: parseCueTime(row.end) }));
  return rows.map((row, index) => {
    const { start, end } = times[index] as { start: number | null; end: number | null };
    const check: CueRowCheck = { overlaps: false };
    if (start === null) check.start = 'badTime';
    else if (beyond(start)) check.start = 'beyondVideo';
    if (end === null) check.end = 'badTime';
    else if (start !== null && end <= start) check.end = 'endBeforeStart';
    else if (beyond(end)) check.end = 'beyondVideo';
    if (cueTextForFile(row.text) === '') check.text = 'textRequired';
    if (start !== null && end !== null && end > start) {
      check.overlaps = times.some(
        (other, at) =>
          at !== index && other.start !== null && other.end !== null && other.start < end && start < other.end,
      );
    }
    return check;
  });
}

/** The cues of rows that have no blocking problem. */
export function cuesOfRows(rows: readonly CueRow[]): Cue[] {
  const checks = checkCueRows(rows);
  return rows.flatMap((row, index) => {
    const start = parseCueTime(row.start);
    const end = parseCueTime(row.end);
    if (start === null || end === null || blocksSaving(checks[index] as CueRowCheck)) return [];
    const cue: Cue = { start, end, text: row.text };
    if (row.settings) cue.settings = row.settings;
    return [cue];
  });
}

/** Default length of a cue added at the video's current time. */
export const NEW_CUE_SECONDS = 3;

/**
 * Where a cue added at `start` ends: three seconds later, or sooner when the next cue starts
 * before that or the video ends; never at or before its start.
 */
export function newCueEnd(start: number, rows: readonly CueRow[], duration?: number | null): number {
  let end = start + NEW_CUE_SECONDS;
  for (const row of rows) {
    const next = parseCueTime(row.start);
    if (next !== null && next > start && next < end) end = next;
  }
  if (duration && Number.isFinite(duration) && duration > start && duration < end) end = duration;
  return end > start ? end : start + NEW_CUE_SECONDS;
}

/** Rows sorted by their typed start (rows whose start is not a time keep their place at the end). */
export function sortRows(rows: readonly CueRow[]): CueRow[] {
  const timed = rows.map((row, index) => ({ row, index, start: parseCueTime(row.start), end: parseCueTime(row.end) }));
  const sorted = timed
    .sort((a, b) => {
      if (a.start === null || b.start === null) return (a.start === null ? 1 : 0) - (b.start === null ? 1 : 0);
      return a.start - b.start || (a.end ?? 0) - (b.end ?? 0) || a.index - b.index;
    })
    .map((entry) => entry.row);
  // The same list when nothing moved, so a re-render does not move what has the focus.
  return sorted.every((entry, index) => entry === rows[index]) ? (rows as CueRow[]) : sorted;
}
