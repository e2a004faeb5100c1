import { ChaptersWriteSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { chapterRules, chaptersBody, chaptersFormOf } from './lesson-media-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('chapters editor', () => {
  it('shows stored chapters as m:ss and sends them back as whole seconds, blank languages left out', () => {
    const form = chaptersFormOf([
      { startSeconds: 0, title: { ru: 'Начало' } },
      { startSeconds: 3725, title: { ru: 'Лепесток', en: 'Petal', es: '' } },
    ]);
    expect(form.chapters.map((chapter) => chapter.startSeconds)).toEqual(['0:00', '1:02:05']);
    expect(form.chapters[0]?.title).toEqual({ ru: 'Начало', en: '', es: '' });
    expect(chaptersBody(form)).toEqual({
      chapters: [
        { startSeconds: 0, title: { ru: 'Начало' } },
        { startSeconds: 3725, title: { ru: 'Лепесток', en: 'Petal' } },
      ],
    });
  });

  it('a start that is not a time, a repeated time and a missing Russian title are refused under their inputs', async () => {
    const resolver = writeResolver(ChaptersWriteSchema, chaptersBody, chapterRules);
    const result = await check(resolver, {
      chapters: [
        { startSeconds: '2:15', title: { ru: 'Лепесток', en: '', es: '' } },
        { startSeconds: 'две минуты', title: { ru: 'Стебель', en: '', es: '' } },
        { startSeconds: '135', title: { ru: ' ', en: 'Leaf', es: '' } },
      ],
    });
    expect(errorAt(result.errors, 'chapters.0.startSeconds')).toBeUndefined();
    expect(errorAt(result.errors, 'chapters.1.startSeconds')).toBeDefined();
    expect(errorAt(result.errors, 'chapters.2.startSeconds')?.message).toBe('chapterTimeRepeated');
    expect(errorAt(result.errors, 'chapters.2.title.ru')?.message).toBe('chapterTitleRequired');
  });
});
