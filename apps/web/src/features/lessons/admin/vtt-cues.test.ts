import { checkWebVtt } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  blocksSaving,
  type CueRow,
  checkCueRows,
  cuesOfRows,
  formatCueTime,
  newCueEnd,
  parseCueTime,
  parseVttCues,
  serializeCues,
  sortRows,
} from './vtt-cues';

const row = (start: string, end: string, text = 'Слова', key = `${start}-${end}`): CueRow => ({
  key,
  start,
  end,
  text,
});

describe('subtitle cues from and to a file', () => {
  it('reads the cues of a file (identifiers, notes, styles and CRLF ends dropped; settings and line breaks kept)', () => {
    const file =
      '\uFEFFWEBVTT - petals\r\nKind: captions\r\n\r\nSTYLE\r\n::cue { color: pink }\r\n\r\nNOTE a remark\r\n\r\n' +
      'intro\r\n00:01.000 --> 00:04.500 line:0 align:start\r\nFold the petal\r\nin half\r\n\r\n' +
      '01:02:03.004 --> 01:02:05.000\r\nДалее\r\n';
    const result = parseVttCues(file);
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 4.5, text: 'Fold the petal\nin half', settings: 'line:0 align:start' },
        { start: 3723.004, end: 3725, text: 'Далее' },
      ],
    });
  });

  it('round-trips: cues → file → the same cues, and the file passes the server check', () => {
    const cues = [
      { start: 0, end: 2.25, text: 'Начнём' },
      { start: 2.25, end: 5, text: 'Two\nlines', settings: 'position:10%' },
      { start: 3600.5, end: 3602, text: 'After an hour' },
    ];
    const file = serializeCues(cues);
    expect(file).toBe(
      'WEBVTT\n\n00:00.000 --> 00:02.250\nНачнём\n\n00:02.250 --> 00:05.000 position:10%\nTwo\nlines\n\n' +
        '01:00:00.500 --> 01:00:02.000\nAfter an hour\n',
    );
    expect(checkWebVtt(file).ok).toBe(true);
    expect(parseVttCues(file)).toEqual({ ok: true, cues });
    // A second trip changes nothing.
    const again = parseVttCues(file);
    expect(again.ok && serializeCues(again.cues)).toBe(file);
  });

  it('writes cues sorted by start, with blank lines and arrows in the words made harmless', () => {
    const file = serializeCues([
      { start: 4, end: 5, text: 'second' },
      { start: 1, end: 2, text: 'first\n\n  \nstill first --> here  ' },
    ]);
    expect(file).toBe(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\nstill first → here\n\n00:04.000 --> 00:05.000\nsecond\n',
    );
    expect(checkWebVtt(file).ok).toBe(true);
  });

  it('refuses a malformed file with the problem and line the server would name', () => {
    expect(parseVttCues('00:00.000 --> 00:01.000\nno header\n')).toEqual({ ok: false, problem: 'header', line: 1 });
    expect(parseVttCues('WEBVTT\n\n00:00.000 -> 00:05.000\nFold\n')).toEqual({ ok: false, problem: 'timing', line: 3 });
    expect(parseVttCues('WEBVTT\n\n00:05.000 --> 00:01.000\nBack\n')).toEqual({
      ok: false,
      problem: 'endBeforeStart',
      line: 3,
    });
    expect(parseVttCues('WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA\n')).toEqual({
      ok: false,
      problem: 'order',
      line: 6,
    });
    expect(parseVttCues('WEBVTT\n\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB\n')).toEqual({
      ok: false,
      problem: 'blankLine',
      line: 5,
    });
    expect(parseVttCues('WEBVTT\n\nNOTE only a note\n')).toEqual({ ok: false, problem: 'empty', line: 1 });
    expect(parseVttCues('WEBVTT\n\n\u0000\u0001binary')).toEqual({ ok: false, problem: 'binary', line: 3 });
  });
});

describe('cue times as typed', () => {
  it('reads m:ss, mm:ss.mmm and hh:mm:ss.mmm (a comma or fewer digits of fraction too)', () => {
    expect(parseCueTime('1:05')).toBe(65);
    expect(parseCueTime('01:05.250')).toBe(65.25);
    expect(parseCueTime(' 00:00.000 ')).toBe(0);
    expect(parseCueTime('1:02:03.004')).toBe(3723.004);
    expect(parseCueTime('00:03,5')).toBe(3.5);
    expect(parseCueTime('90:00.000')).toBe(5400);
  });

  it('refuses what is not a time: negative, seconds or minutes past 59, words, a lone number', () => {
    for (const text of ['-00:01.000', '00:60.000', '1:60:00.000', 'две секунды', '15', '', '00:01.0000', '1:2']) {
      expect(parseCueTime(text), text).toBeNull();
    }
  });

  it('writes mm:ss.mmm, hh:mm:ss.mmm from an hour on, rounded to the millisecond', () => {
    expect(formatCueTime(0)).toBe('00:00.000');
    expect(formatCueTime(65.2504)).toBe('01:05.250');
    expect(formatCueTime(3723.004)).toBe('01:02:03.004');
    expect(formatCueTime(-3)).toBe('00:00.000');
    expect(parseCueTime(formatCueTime(3599.9996))).toBe(3600);
  });
});

describe('the cue list in the editor', () => {
  it('flags a time that is not one, an end not after its start, a time past the video, missing words', () => {
    const checks = checkCueRows(
      [
        row('00:01.000', '00:02.000'),
        row('one', '00:02.000'),
        row('00:03.000', '00:03.000'),
        row('00:04.000', '00:11.000'),
        row('00:05.000', '00:06.000', '  '),
      ],
      10,
    );
    expect(checks.map(blocksSaving)).toEqual([false, true, true, true, true]);
    expect(checks[1]?.start).toBe('badTime');
    expect(checks[2]?.end).toBe('endBeforeStart');
    expect(checks[3]?.end).toBe('beyondVideo');
    expect(checks[4]?.text).toBe('textRequired');
    // Without a known length of the video, a late cue is fine.
    expect(checkCueRows([row('00:04.000', '00:11.000')])[0]).toEqual({ overlaps: false });
  });

  it('flags overlapping cues (both of them) without blocking the save; touching cues do not overlap', () => {
    const checks = checkCueRows([
      row('00:01.000', '00:03.000'),
      row('00:02.500', '00:04.000'),
      row('00:04.000', '00:05.000'),
      row('00:10.000', '00:12.000'),
    ]);
    expect(checks.map((check) => check.overlaps)).toEqual([true, true, false, false]);
    expect(checks.some(blocksSaving)).toBe(false);
  });

  it('a cue added at the current time lasts 3 s, or ends where the next cue or the video starts or ends', () => {
    expect(newCueEnd(1.2, [])).toBeCloseTo(4.2, 6);
    expect(newCueEnd(1.2, [row('00:02.000', '00:03.000'), row('00:00.500', '00:01.000')])).toBe(2);
    expect(newCueEnd(4, [], 5)).toBe(5);
    // At the very end of the video, still a cue that ends after it starts.
    expect(newCueEnd(5, [], 5)).toBe(8);
  });

  it('sorts rows by start (untyped starts last) and keeps only the savable cues', () => {
    const rows = [row('00:05.000', '00:06.000', 'b'), row('?', '00:01.000', 'x'), row('00:01.000', '00:02.000', 'a')];
    expect(sortRows(rows).map((entry) => entry.text)).toEqual(['a', 'b', 'x']);
    expect(cuesOfRows(rows)).toEqual([
      { start: 5, end: 6, text: 'b' },
      { start: 1, end: 2, text: 'a' },
    ]);
  });
});
