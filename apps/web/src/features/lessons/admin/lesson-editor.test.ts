import { type AdminLesson, LessonWriteSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { lessonBody, lessonFormOf } from './lesson-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });

const lesson: AdminLesson = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  number: 4,
  title: { ru: 'Пион', en: 'Peony' },
  description: { ru: 'Лепестки' },
  level: 'intermediate',
  price: { rub: 1200, eur: null, usd: 15 },
  durationMinutes: 45,
  hasVideo: true,
  methodologyLanguages: ['ru'],
  purchased: false,
  poster: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  published: false,
  video: { filename: 'peony.mp4', size: 100 },
  preview: null,
  methodology: { ru: { filename: 'peony.pdf', size: 10 } },
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('lesson editor', () => {
  it('a new lesson sends no removals; an edited one sends them (a new video replaces the old anyway)', () => {
    const fresh = lessonBody(
      { ...lessonFormOf(null, 7), title: { ru: 'Роза', en: '', es: '' }, price: { rub: '0', eur: '', usd: '' } },
      null,
    );
    expect(fresh).toEqual({
      number: 7,
      title: { ru: 'Роза', en: '', es: '' },
      description: { ru: '', en: '', es: '' },
      level: 'basic',
      price: { rub: 0, eur: null, usd: null },
      durationMinutes: null,
      outcomes: { ru: '', en: '', es: '' },
      materials: { ru: '', en: '', es: '' },
      published: true,
    });
    const form = { ...lessonFormOf(lesson, 9), removeVideo: true, removeMethodology: ['ru' as const] };
    expect(lessonBody(form, {})).toMatchObject({
      number: 4,
      price: { rub: 1200, eur: null, usd: 15 },
      durationMinutes: 45,
      published: false,
      removeVideo: true,
      removeMethodology: ['ru'],
    });
    const video = new File(['x'], 'new.mp4', { type: 'video/mp4' });
    expect(lessonBody(form, { video }).removeVideo).toBe(false);
  });

  it('keeps what you will learn and the materials, and removes the preview clip unless a new one is picked', () => {
    const stored = { ...lesson, outcomes: { ru: 'Гофрировать\nТонировать' }, preview: { filename: 't.mp4', size: 9 } };
    const form = { ...lessonFormOf(stored, 9), removePreview: true };
    expect(form.outcomes).toEqual({ ru: 'Гофрировать\nТонировать', en: '', es: '' });
    expect(form.materials).toEqual({ ru: '', en: '', es: '' });
    expect(lessonBody(form, {})).toMatchObject({ outcomes: form.outcomes, removePreview: true });
    const preview = new File(['x'], 'trailer.mp4', { type: 'video/mp4' });
    expect(lessonBody(form, { preview }).removePreview).toBe(false);
    expect(lessonBody(form, null)).not.toHaveProperty('removePreview');
  });

  it('is refused before sending without a Russian title or a rouble price', async () => {
    const resolver = writeResolver(LessonWriteSchema, (form: ReturnType<typeof lessonFormOf>) =>
      lessonBody(form, null),
    );
    const result = await check(resolver, lessonFormOf(null, 1));
    expect(errorAt(result.errors, 'title.ru')).toBeDefined();
    expect(errorAt(result.errors, 'price.rub')).toBeDefined();
    expect((await check(resolver, lessonFormOf(lesson, 1))).errors).toEqual({});
  });
});
