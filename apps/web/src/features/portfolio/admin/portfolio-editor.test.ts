import { PortfolioInputSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { itemsFromImages } from '../../../shared/ui/image-upload-field';
import { type PortfolioForm, portfolioBody, portfolioFormOf, portfolioRules } from './portfolio-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
const image = (name: string) => ({ url: `/u/${name}`, thumb: `/t/${name}`, medium: `/m/${name}`, large: `/l/${name}` });
const form: PortfolioForm = {
  ...portfolioFormOf(null),
  title: { ru: 'Свадебный букет', en: '', es: '' },
  images: itemsFromImages([image('a'), image('b')]),
  mainImageIndex: 1,
};

describe('portfolio editor', () => {
  it('sends the image plan in the order shown with the main image index', () => {
    expect(portfolioBody(form)).toEqual({
      title: { ru: 'Свадебный букет', en: '', es: '' },
      description: { ru: '', en: '', es: '' },
      category: 'wedding',
      images: [{ url: '/u/a' }, { url: '/u/b' }],
      mainImageIndex: 1,
      linkedProductId: null,
    });
  });

  it('is refused before sending without a Russian title or without any image', async () => {
    const resolver = writeResolver(PortfolioInputSchema, portfolioBody, portfolioRules);
    expect((await check(resolver, form)).errors).toEqual({});
    const result = await check(resolver, { ...form, title: { ru: '', en: 'Bouquet', es: '' }, images: [] });
    expect(errorAt(result.errors, 'title.ru')).toBeDefined();
    expect(errorAt(result.errors, 'images')?.message).toBe('portfolio.admin.imageRequired');
  });
});
