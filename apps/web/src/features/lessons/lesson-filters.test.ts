import type { Lesson } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { filterLessons } from './lesson-filters';

function lesson(
  number: number,
  level: Lesson['level'],
  purchased: boolean,
  createdAt: string,
  durationMinutes?: number,
  price: Lesson['price'] = { rub: 1000, eur: 10, usd: 11 },
): Lesson {
  return {
    id: `00000000-0000-4000-8000-00000000000${number}`,
    number,
    title: { ru: `Урок ${number}` },
    description: { ru: '' },
    level,
    price,
    ...(durationMinutes ? { durationMinutes } : {}),
    hasVideo: true,
    methodologyLanguages: ['ru'],
    purchased,
    poster: null,
    createdAt,
  };
}

const lessons = [
  lesson(2, 'intermediate', true, '2025-03-01T00:00:00.000Z', 45, { rub: 2500, eur: 27, usd: 30 }),
  lesson(1, 'basic', false, '2025-01-01T00:00:00.000Z', 20, { rub: 0, eur: 0, usd: 0 }),
  lesson(3, 'advanced', false, '2025-05-01T00:00:00.000Z', 95, { rub: 4000, eur: null, usd: null }),
  lesson(4, 'basic', true, '2025-02-01T00:00:00.000Z'),
];

describe('lesson list filters', () => {
  it.each([
    ['all', 'all', [1, 2, 3, 4]],
    ['available', 'all', [1, 3]],
    ['purchased', 'all', [2, 4]],
    ['newest', 'all', [3, 2, 4, 1]],
    ['all', 'basic', [1, 4]],
    ['purchased', 'basic', [4]],
    ['available', 'intermediate', []],
  ] as const)('%s, level %s → lessons %o', (filter, level, expected) => {
    expect(filterLessons(lessons, { filter, level }).map((item) => item.number)).toEqual(expected);
  });

  it.each([
    ['short', [1]],
    ['medium', [2]],
    ['long', [3]],
    ['all', [1, 2, 3, 4]],
  ] as const)('duration %s → lessons %o (a lesson without a length only under "all")', (duration, expected) => {
    expect(filterLessons(lessons, { filter: 'all', level: 'all', duration }).map((item) => item.number)).toEqual(
      expected,
    );
  });

  it.each([
    ['RUB', 1000, [1, 4]],
    ['EUR', 27, [1, 2, 4]],
    ['EUR', 26.99, [1, 4]],
    // Lesson 3 is not sold in USD: it is compared by its RUB price (4000).
    ['USD', 4000, [1, 2, 3, 4]],
    ['RUB', 0, [1]],
  ] as const)('max price in %s %d → lessons %o', (currency, maxPrice, expected) => {
    expect(
      filterLessons(lessons, { filter: 'all', level: 'all', maxPrice, currency }).map((item) => item.number),
    ).toEqual(expected);
  });
});
