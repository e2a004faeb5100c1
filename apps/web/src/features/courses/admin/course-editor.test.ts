import { CourseWriteSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { type CourseForm, courseBody, courseFormOf } from './course-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
const a = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const b = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const masterClass: CourseForm = {
  ...courseFormOf(null),
  title: { ru: 'Пионы', en: '', es: '' },
  isMasterClass: true,
  price: { rub: '5000', eur: '', usd: '60' },
  eventAt: '2030-05-01T18:30',
  eventPlace: '   ',
  seatLimit: '12',
  lessonIds: [b, a],
  materials: { ru: 'Шёлк\nПроволока', en: '', es: '' },
};

describe('course editor', () => {
  it('sends the live date as an instant, a blank place as null, the lessons in the order shown', () => {
    expect(courseBody(masterClass)).toEqual({
      title: { ru: 'Пионы', en: '', es: '' },
      description: { ru: '', en: '', es: '' },
      level: 'basic',
      isMasterClass: true,
      durationMinutes: null,
      price: { rub: 5000, eur: null, usd: 60 },
      eventAt: new Date('2030-05-01T18:30').toISOString(),
      eventPlace: null,
      seatLimit: 12,
      lessonIds: [b, a],
      outcomes: { ru: '', en: '', es: '' },
      materials: { ru: 'Шёлк\nПроволока', en: '', es: '' },
      published: true,
    });
  });

  it.each([
    ['no Russian title', { title: { ru: '', en: 'Peonies', es: '' } }, 'title.ru'],
    ['no rouble price', { price: { rub: '', eur: '', usd: '' } }, 'price.rub'],
    ['a seat limit of zero', { seatLimit: '0' }, 'seatLimit'],
    ['a lesson twice', { lessonIds: [a, a] }, 'lessonIds'],
  ] as const)('is refused before sending: %s', async (_name, change, path) => {
    const resolver = writeResolver(CourseWriteSchema, courseBody);
    expect((await check(resolver, masterClass)).errors).toEqual({});
    expect(errorAt((await check(resolver, { ...masterClass, ...change } as CourseForm)).errors, path)).toBeDefined();
  });
});
