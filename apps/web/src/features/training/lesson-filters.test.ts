import type { Lesson } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { filterLessons } from './lesson-filters';

function lesson(number: number, level: Lesson['level'], purchased: boolean, createdAt: string): Lesson {
  return {
    id: `00000000-0000-4000-8000-00000000000${number}`,
    number,
    title: { ru: `Урок ${number}` },
    description: { ru: '' },
    level,
    price: { rub: 1000, eur: 10, usd: 11 },
    hasVideo: true,
    methodologyLanguages: ['ru'],
    purchased,
    poster: null,
    createdAt,
  };
}

const lessons = [
  lesson(2, 'intermediate', true, '2025-03-01T00:00:00.000Z'),
  lesson(1, 'basic', false, '2025-01-01T00:00:00.000Z'),
  lesson(3, 'advanced', false, '2025-05-01T00:00:00.000Z'),
  lesson(4, 'basic', true, '2025-02-01T00:00:00.000Z'),
];

describe('lesson list filters (SPEC §2)', () => {
  it.each([
    ['all', 'all', [1, 2, 3, 4]],
    ['available', 'all', [1, 3]],
    ['purchased', 'all', [2, 4]],
    ['newest', 'all', [3, 2, 4, 1]],
    ['all', 'basic', [1, 4]],
    ['purchased', 'basic', [4]],
    ['available', 'intermediate', []],
  ] as const)('%s, level %s → lessons %o', (filter, level, expected) => {
    expect(filterLessons(lessons, filter, level).map((item) => item.number)).toEqual(expected);
  });
});
