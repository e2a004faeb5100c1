import { describe, expect, it } from 'vitest';
import {
  CREDIT_CAP_SECONDS,
  CREDIT_RATE,
  creditReport,
  type Interval,
  normalize,
  refill,
  total,
  uncovered,
} from './progress.rules';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, seconds));

describe('refill: the credit bucket', () => {
  it.each([
    ['a learner never credited starts full', null, 0, CREDIT_CAP_SECONDS],
    ['an empty bucket refills at 2 video seconds per wall-clock second', { seconds: 0, refilledAt: at(0) }, 5, 10],
    ['it never holds more than the cap, however long it rested', { seconds: 0, refilledAt: at(0) }, 3600, 30],
    ['a clock that went backwards refills nothing', { seconds: 4, refilledAt: at(10) }, 0, 4],
    ['no time, no refill', { seconds: 7.5, refilledAt: at(0) }, 0, 7.5],
  ])('%s', (_, bucket, seconds, expected) => {
    expect(refill(bucket, at(seconds))).toBeCloseTo(expected, 6);
  });

  it('the rate is the player’s fastest speed', () => {
    expect(CREDIT_RATE).toBe(2);
  });
});

describe('interval arithmetic (tenths of a second)', () => {
  it.each<[string, Interval[], Interval[]]>([
    [
      'sorts and merges overlaps',
      [
        [50, 80],
        [0, 20],
        [10, 30],
      ],
      [
        [0, 30],
        [50, 80],
      ],
    ],
    [
      'merges touching stretches',
      [
        [0, 10],
        [10, 20],
      ],
      [[0, 20]],
    ],
    [
      'drops empty and backwards ones',
      [
        [5, 5],
        [9, 3],
        [1, 2],
      ],
      [[1, 2]],
    ],
  ])('normalize %s', (_, input, expected) => {
    expect(normalize(input)).toEqual(expected);
  });

  it.each<[string, Interval[], Interval[], Interval[]]>([
    ['nothing covered', [[0, 50]], [], [[0, 50]]],
    [
      'a hole in the middle',
      [[0, 100]],
      [[20, 40]],
      [
        [0, 20],
        [40, 100],
      ],
    ],
    ['fully covered', [[10, 20]], [[0, 100]], []],
    [
      'several pieces and covers',
      [
        [0, 30],
        [50, 90],
      ],
      [
        [10, 20],
        [25, 60],
        [80, 200],
      ],
      [
        [0, 10],
        [20, 25],
        [60, 80],
      ],
    ],
  ])('uncovered: %s', (_, pieces, covered, expected) => {
    expect(uncovered(pieces, covered)).toEqual(expected);
  });

  it('total sums the lengths', () => {
    expect(
      total([
        [0, 10],
        [20, 25],
      ]),
    ).toBe(15);
  });
});

describe('creditReport', () => {
  it.each<[string, Interval[], { from: number; to: number }[], number, number, Interval[], number]>([
    ['a first stretch is credited in full', [], [{ from: 0, to: 5 }], 600, 30, [[0, 50]], 50],
    ['replaying what was watched credits nothing', [[0, 300]], [{ from: 10, to: 20 }], 600, 30, [[0, 300]], 0],
    ['only the new part of an overlapping stretch counts', [[0, 100]], [{ from: 5, to: 15 }], 600, 30, [[0, 150]], 50],
    ['a stretch past the end is clipped to the video', [], [{ from: 58, to: 500 }], 60, 30, [[580, 600]], 20],
    ['a stretch wholly past the end credits nothing', [], [{ from: 61, to: 70 }], 60, 30, [], 0],
    ['the budget caps the credit, in video order', [], [{ from: 0, to: 100 }], 600, 12, [[0, 120]], 120],
    [
      'a report of many pieces is credited from the start until the budget runs out',
      [],
      [
        { from: 50, to: 60 },
        { from: 0, to: 10 },
        { from: 100, to: 110 },
      ],
      600,
      15,
      [
        [0, 100],
        [500, 550],
      ],
      150,
    ],
    ['no budget, no credit', [[0, 10]], [{ from: 20, to: 30 }], 600, 0, [[0, 10]], 0],
    ['times are rounded to tenths', [], [{ from: 0.04, to: 1.26 }], 600, 30, [[0, 13]], 13],
  ])('%s', (_, watched, segments, duration, budget, expected, credited) => {
    const result = creditReport(watched, segments, duration, budget);
    expect(result.watched).toEqual(expected);
    expect(result.credited).toBe(credited);
  });

  it('a report that would splinter the stretches past the cap is credited up to it', () => {
    const splinters = Array.from({ length: 10 }, (_, i) => ({ from: i * 2, to: i * 2 + 1 }));
    const result = creditReport([], splinters, 600, 30, 4);
    expect(result.watched).toHaveLength(4);
    expect(result.credited).toBe(40);
  });

  it('does not change the stretches it was given', () => {
    const watched: Interval[] = [[0, 10]];
    creditReport(watched, [{ from: 1, to: 5 }], 600, 30);
    expect(watched).toEqual([[0, 10]]);
  });
});
