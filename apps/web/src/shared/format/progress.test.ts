import { describe, expect, it } from 'vitest';
import { barPercent, formatPercent, formatPosition, lessonState } from './progress';

describe('lessonState', () => {
  it.each([
    ['nothing watched, no position', { completed: false, watchedSeconds: 0, positionSeconds: 0 }, 'notStarted'],
    [
      'a position kept (opened, skipped ahead)',
      { completed: false, watchedSeconds: 0, positionSeconds: 40 },
      'inProgress',
    ],
    ['some of it watched', { completed: false, watchedSeconds: 12.5, positionSeconds: 0 }, 'inProgress'],
    ['completed, even when started over', { completed: true, watchedSeconds: 95, positionSeconds: 0 }, 'completed'],
  ] as const)('%s → %s', (_, progress, state) => {
    expect(lessonState(progress)).toBe(state);
  });
});

describe('barPercent', () => {
  it.each([
    [{ completed: false, watchedPercent: 0 }, 0],
    [{ completed: false, watchedPercent: 45 }, 45],
    [{ completed: false, watchedPercent: 89 }, 89],
    [{ completed: true, watchedPercent: 90 }, 100],
    [{ completed: false, watchedPercent: 140 }, 100],
    [{ completed: false, watchedPercent: -3 }, 0],
  ])('%j → %i', (progress, percent) => {
    expect(barPercent(progress)).toBe(percent);
  });
});

describe('formatPercent', () => {
  it.each([
    [45, 'ru', '45\u00a0%'],
    [45, 'es', '45\u00a0%'],
    [45, 'en', '45%'],
    [0, 'en', '0%'],
    [99.9, 'en', '99%'],
    [250, 'en', '100%'],
    [Number.NaN, 'ru', '0\u00a0%'],
  ])('%d in %s → %s', (percent, language, text) => {
    expect(formatPercent(percent, language)).toBe(text);
  });
});

describe('formatPosition', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-4, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatPosition(seconds)).toBe(text);
  });
});
