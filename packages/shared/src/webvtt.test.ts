import { describe, expect, it } from 'vitest';
import { ChaptersWriteSchema, PlayerSettingsSchema } from './lesson-player';
import { DEFAULT_PLAYER_SETTINGS, subtitleLanguageFor } from './lesson-player.constants';
import { checkWebVtt, parseCueTiming } from './webvtt';

const vtt = (...lines: string[]) => lines.join('\n');

describe('WebVTT check', () => {
  it.each([
    ['one cue', vtt('WEBVTT', '', '00:01.000 --> 00:04.000', 'Fold the petal')],
    [
      'text after the signature, header lines',
      vtt('WEBVTT - petals', 'Kind: captions', '', '00:00.000 --> 00:01.500', 'a'),
    ],
    [
      'hours, identifiers and settings',
      vtt('WEBVTT', '', 'intro', '01:02:03.004 --> 01:02:05.000 align:start line:0', 'b'),
    ],
    ['CRLF line breaks and a byte-order mark', '\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nc\r\n'],
    [
      'NOTE, STYLE and REGION blocks',
      vtt(
        'WEBVTT',
        '',
        'STYLE',
        '::cue { color: red }',
        '',
        'NOTE a comment',
        'more',
        '',
        '00:01.000 --> 00:02.000',
        'd',
      ),
    ],
    [
      'several blank lines, a cue without text, equal starts',
      vtt('WEBVTT', '', '', '00:01.000 --> 00:02.000', '', '', '00:01.000 --> 00:03.000', 'e', ''),
    ],
    [
      'multi-line cue text with tags',
      vtt('WEBVTT', '', '00:01.000 --> 00:02.000', '<v Anna>Hold the wire', '<i>gently</i>'),
    ],
  ])('accepts %s', (_, text) => {
    expect(checkWebVtt(text).ok).toBe(true);
  });

  it.each([
    ['no signature', vtt('1', '00:01.000 --> 00:02.000', 'a'), 'header', 1],
    ['an SRT file (comma decimals)', vtt('1', '00:00:01,000 --> 00:00:02,000', 'a'), 'header', 1],
    ['a lower-case signature', vtt('webvtt', '', '00:01.000 --> 00:02.000'), 'header', 1],
    ['WEBVTTX', vtt('WEBVTTX', '', '00:01.000 --> 00:02.000'), 'header', 1],
    ['an SRT time inside WebVTT', vtt('WEBVTT', '', '00:00:01,000 --> 00:00:02,000', 'a'), 'timing', 3],
    ['minutes over 59', vtt('WEBVTT', '', '00:61.000 --> 00:62.000', 'a'), 'timing', 3],
    ['an identifier without a timing line', vtt('WEBVTT', '', 'intro', 'Fold the petal'), 'timing', 4],
    ['an identifier at the end', vtt('WEBVTT', '', 'intro'), 'timing', 4],
    ['a cue that ends before it starts', vtt('WEBVTT', '', '00:05.000 --> 00:04.000', 'a'), 'endBeforeStart', 3],
    ['a zero-length cue', vtt('WEBVTT', '', '00:05.000 --> 00:05.000', 'a'), 'endBeforeStart', 3],
    [
      'cues out of order',
      vtt('WEBVTT', '', '00:05.000 --> 00:06.000', 'a', '', '00:01.000 --> 00:02.000', 'b'),
      'order',
      6,
    ],
    [
      'two cues without a blank line',
      vtt('WEBVTT', '', '00:01.000 --> 00:02.000', 'a', '00:03.000 --> 00:04.000'),
      'blankLine',
      5,
    ],
    ['a cue in the header', vtt('WEBVTT', '00:01.000 --> 00:02.000', 'a'), 'blankLine', 2],
    ['a mistyped arrow', vtt('WEBVTT', '', '00:01.000 -> 00:02.000', 'a'), 'timing', 3],
    ['only the signature', 'WEBVTT\n', 'empty', 1],
    ['only a NOTE', vtt('WEBVTT', '', 'NOTE nothing yet', ''), 'empty', 1],
    ['binary bytes', `WEBVTT\n\n00:01.000 --> 00:02.000\n\u0000\u0001`, 'binary', 4],
  ])('refuses %s: %s at line %i', (_, text, problem, line) => {
    expect(checkWebVtt(text)).toEqual({ ok: false, problem, line });
  });

  it('reads the cue times in seconds', () => {
    expect(parseCueTiming('01:02:03.004 --> 01:02:05.500 line:0')).toEqual({ start: 3723.004, end: 3725.5 });
    expect(parseCueTiming('00:01.000 -> 00:02.000')).toBeNull();
    const result = checkWebVtt(vtt('WEBVTT', '', '00:01.000 --> 00:02.500', 'a', '', '00:03.000 --> 00:04.000', 'b'));
    expect(result).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 2.5 },
        { start: 3, end: 4 },
      ],
    });
  });
});

describe('chapters and player settings', () => {
  it('two chapters at one time are refused, naming the second', () => {
    const chapter = (startSeconds: number) => ({ startSeconds, title: { ru: 'Глава' } });
    const result = ChaptersWriteSchema.safeParse({ chapters: [chapter(0), chapter(30), chapter(0)] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['chapters.2.startSeconds', 'chapterTimeRepeated'],
    ]);
    expect(ChaptersWriteSchema.safeParse({ chapters: [chapter(30), chapter(0)] }).success).toBe(true);
  });

  it.each([
    [{ ...DEFAULT_PLAYER_SETTINGS }, true],
    [{ speed: 0.25, mirrored: true, subtitles: 'es' }, true],
    [{ speed: 2, mirrored: false, subtitles: 'off' }, true],
    [{ speed: 3, mirrored: false, subtitles: 'off' }, false],
    [{ speed: 0.3, mirrored: false, subtitles: 'off' }, false],
    [{ speed: 1, mirrored: 'yes', subtitles: 'off' }, false],
    [{ speed: 1, mirrored: false, subtitles: 'de' }, false],
    [{ speed: 1, mirrored: false, subtitles: 'off', volume: 1 }, false],
  ])('settings %j valid: %s', (settings, valid) => {
    expect(PlayerSettingsSchema.safeParse(settings).success).toBe(valid);
  });

  it.each([
    ['auto', ['ru', 'en'], 'en', 'en'],
    ['auto', ['ru'], 'en', null],
    ['off', ['ru', 'en'], 'en', null],
    ['es', ['ru', 'es'], 'en', 'es'],
    ['es', ['ru'], 'es', null],
  ] as const)('choice %s with %j in the %s interface shows %s', (choice, available, language, expected) => {
    expect(subtitleLanguageFor(choice, available, language)).toBe(expected);
  });
});
