/**
 * The WebVTT check both sides run on subtitles the admin uploads or writes: the server refuses a
 * file that fails it (400 naming the line), the admin's editor says the same while typing. It
 * follows the W3C WebVTT file syntax closely enough that a file passing it is parsed by browsers
 * into the same cues: the `WEBVTT` signature, blocks separated by blank lines, NOTE/STYLE/REGION
 * blocks, an optional cue identifier, `start --> end [settings]` with `[hh:]mm:ss.ttt` times, cue
 * text that never holds `-->`. Stricter than browsers where a lenient parse would silently drop
 * a cue the admin meant: a cue must end after it starts, and cues go in order of their start.
 * Zod-free (the web's player chunk may import it).
 */

export const WEBVTT_PROBLEMS = ['header', 'timing', 'endBeforeStart', 'order', 'blankLine', 'empty', 'binary'] as const;
export type WebVttProblem = (typeof WEBVTT_PROBLEMS)[number];

export interface WebVttCueTiming {
  start: number;
  end: number;
}

export type WebVttCheck =
  | { ok: true; cues: WebVttCueTiming[] }
  | { ok: false; problem: WebVttProblem /** 1-based line of the problem. */; line: number };

const TIMESTAMP = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING_RE = new RegExp(String.raw`^${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t]+.*)?$`);
const LOOKS_LIKE_TIME_RE = /^\d+:\d+(?:[:.,]\d+)*\s*-/;
const SIGNATURE_RE = /^WEBVTT(?:[ \t].*)?$/;
/** NOTE, STYLE and REGION open a block when alone on the line or followed by a space or tab. */
const keywordBlock = (line: string, keyword: string) =>
  line === keyword || line.startsWith(`${keyword} `) || line.startsWith(`${keyword}\t`);

function seconds(hours: string | undefined, minutes: string, secs: string, millis: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/** Where the first control character other than tab and line feed is (-1: none): such a file is not text. */
function firstControlCharacter(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10) || code === 127) return index;
  }
  return -1;
}

/** Parses a timing line into start/end seconds; null when it is not one. */
export function parseCueTiming(line: string): WebVttCueTiming | null {
  const match = TIMING_RE.exec(line);
  if (!match) return null;
  const [, h1, m1 = '', s1 = '', ms1 = '', h2, m2 = '', s2 = '', ms2 = ''] = match;
  return { start: seconds(h1, m1, s1, ms1), end: seconds(h2, m2, s2, ms2) };
}

/** Line breaks of any kind (CRLF, LF, CR) as LF, and the byte-order mark dropped. */
export function normalizeWebVtt(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Checks a WebVTT text; on failure, the first problem and its line. */
export function checkWebVtt(text: string): WebVttCheck {
  const source = normalizeWebVtt(text);
  const lines = source.split('\n');
  const fail = (problem: WebVttProblem, index: number): WebVttCheck => ({ ok: false, problem, line: index + 1 });

  const binary = firstControlCharacter(source);
  if (binary >= 0) return fail('binary', source.slice(0, binary).split('\n').length - 1);

  if (!SIGNATURE_RE.test(lines[0] ?? '')) return fail('header', 0);
  let index = 1;
  // Header lines up to the first blank line.
  for (; index < lines.length && lines[index] !== ''; index++) {
    if (lines[index]?.includes('-->')) return fail('blankLine', index);
  }

  const cues: WebVttCueTiming[] = [];
  while (index < lines.length) {
    while (index < lines.length && lines[index] === '') index++;
    if (index >= lines.length) break;
    const first = lines[index] as string;
    const isBlock = ['NOTE', 'STYLE', 'REGION'].some((keyword) => keywordBlock(first, keyword));
    if (isBlock && !first.includes('-->')) {
      for (index++; index < lines.length && lines[index] !== ''; index++) {
        if (lines[index]?.includes('-->')) return fail('blankLine', index);
      }
      continue;
    }
    // A cue: an optional identifier, then its timing line.
    let timingIndex = index;
    if (!first.includes('-->')) {
      // A line that starts like a time is a mistyped timing line, not an identifier.
      if (LOOKS_LIKE_TIME_RE.test(first)) return fail('timing', index);
      timingIndex = index + 1;
      if (timingIndex >= lines.length || lines[timingIndex] === '') return fail('timing', timingIndex);
    }
    const timing = parseCueTiming(lines[timingIndex] as string);
    if (!timing) return fail('timing', timingIndex);
    if (timing.end <= timing.start) return fail('endBeforeStart', timingIndex);
    const previous = cues.at(-1);
    if (previous && timing.start < previous.start) return fail('order', timingIndex);
    cues.push(timing);
    for (index = timingIndex + 1; index < lines.length && lines[index] !== ''; index++) {
      if (lines[index]?.includes('-->')) return fail('blankLine', index);
    }
  }
  if (cues.length === 0) return fail('empty', 0);
  return { ok: true, cues };
}

/** The SERVER_MESSAGES key of each problem (`{line}` filled with the line). */
export const WEBVTT_PROBLEM_MESSAGES = {
  header: 'vttHeader',
  timing: 'vttTiming',
  endBeforeStart: 'vttEndBeforeStart',
  order: 'vttOrder',
  blankLine: 'vttBlankLine',
  empty: 'vttEmpty',
  binary: 'vttBinary',
} as const satisfies Record<WebVttProblem, string>;
