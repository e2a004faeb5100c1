import { PLAYBACK_RATES } from '@atelier/shared/lesson-player.constants';
import { describe, expect, it } from 'vitest';
import { actionForKey, chapterAt, type FocusKind, formatTime, type KeyPress, nextRate, parseTime } from './player-keys';

const press = (code: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  code,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...extra,
});

describe('player shortcuts', () => {
  it.each([
    ['KeyK', {}, 'other', 'togglePlay'],
    ['Space', {}, 'other', 'togglePlay'],
    ['Space', {}, 'button', null],
    ['KeyK', {}, 'button', 'togglePlay'],
    ['ArrowLeft', {}, 'other', 'back'],
    ['ArrowLeft', {}, 'slider', null],
    ['KeyL', {}, 'slider', 'forward'],
    ['Comma', {}, 'other', 'framePrev'],
    ['Period', {}, 'button', 'frameNext'],
    ['Comma', { shiftKey: true }, 'other', 'slower'],
    ['Period', { shiftKey: true }, 'other', 'faster'],
    ['KeyA', {}, 'other', 'loopStart'],
    ['KeyA', { shiftKey: true }, 'other', null],
    ['KeyB', {}, 'other', 'loopEnd'],
    ['KeyX', {}, 'other', 'loopClear'],
    ['KeyR', {}, 'other', 'mirror'],
    ['KeyC', {}, 'other', 'subtitles'],
    ['KeyF', {}, 'other', 'fullscreen'],
    ['KeyP', {}, 'other', 'pip'],
    ['KeyM', {}, 'other', 'mute'],
    ['KeyF', { ctrlKey: true }, 'other', null],
    ['KeyR', { metaKey: true }, 'other', null],
    ['KeyK', {}, 'field', null],
    ['KeyQ', {}, 'other', null],
  ] as const)('%s %j on %s → %s', (code, extra, focus, action) => {
    expect(actionForKey(press(code, extra), focus as FocusKind)).toBe(action);
  });
});

describe('player helpers', () => {
  it.each([
    [1, 1, 1.25],
    [1, -1, 0.75],
    [2, 1, 2],
    [0.25, -1, 0.25],
    [1.1, 1, 1.5],
    [1.1, -1, 1],
  ] as const)('from %s one step %i is %s', (current, direction, expected) => {
    expect(nextRate(PLAYBACK_RATES, current, direction)).toBe(expected);
  });

  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [75, '1:15'],
    [3725, '1:02:05'],
  ])('%s s is shown as %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it.each([
    ['2:15', 135],
    [' 0:05 ', 5],
    ['90', 90],
    ['1:02:05', 3725],
    ['75:00', 4500],
    ['2:75', null],
    ['1:75:00', null],
    ['abc', null],
    ['-5', null],
    ['', null],
  ])('"%s" is %s seconds', (text, seconds) => {
    expect(parseTime(text)).toBe(seconds);
  });

  it('finds the chapter playing at a time', () => {
    const chapters = [{ startSeconds: 5 }, { startSeconds: 30 }, { startSeconds: 60 }];
    expect(chapterAt(chapters, 0)).toBe(-1);
    expect(chapterAt(chapters, 5)).toBe(0);
    expect(chapterAt(chapters, 29.99)).toBe(1);
    expect(chapterAt(chapters, 45)).toBe(1);
    expect(chapterAt(chapters, 600)).toBe(2);
  });
});
