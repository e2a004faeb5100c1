import { type AdminProduct, type ProductWrite, ProductWriteSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { type ProductForm, productBody, productFormOf, productRules } from './product-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });

const image = { url: '/uploads/shop/a.webp', thumb: '/t.webp', medium: '/m.webp', large: '/l.webp' };
const book: AdminProduct = {
  id: '3d7c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f',
  name: { ru: 'Книга о шёлке', en: 'Silk book' },
  description: { ru: 'Приёмы и выкройки' },
  price: { rub: 1500, eur: 18.5, usd: null },
  images: [image],
  category: 'book',
  availability: 'in_stock',
  stock: null,
  bookFormats: ['physical', 'digital'],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  archivedAt: null,
  digitalFile: { filename: 'book.pdf', size: 10 },
  orderCount: 0,
  parcel: null,
  featured: true,
  position: 2,
};

describe('product editor', () => {
  it('an untouched product sends its own fields back (same body as the hand-built form sent)', () => {
    expect(productBody(productFormOf(book))).toEqual({
      name: { ru: 'Книга о шёлке', en: 'Silk book', es: '' },
      description: { ru: 'Приёмы и выкройки', en: '', es: '' },
      price: { rub: 1500, eur: 18.5, usd: null },
      category: 'book',
      subcategory: null,
      availability: 'in_stock',
      stock: null,
      position: 2,
      images: [{ url: image.url }],
      bookFormats: ['physical', 'digital'],
      parcel: null,
      featured: true,
      size: null,
      materials: null,
      care: null,
    });
  });

  it('sends size, materials and care per language, null when every language is empty; English without Russian is refused', async () => {
    const own = { ...book, size: { ru: 'А4', en: 'A4' }, care: { ru: 'Беречь от воды' } };
    const body = productBody(productFormOf(own));
    expect(body.size).toEqual({ ru: 'А4', en: 'A4', es: '' });
    expect(body.care).toEqual({ ru: 'Беречь от воды', en: '', es: '' });
    expect(body.materials).toBeNull();
    const resolver = writeResolver(ProductWriteSchema, productBody, productRules(true));
    const result = await check(resolver, { ...productFormOf(own), materials: { ru: '', en: 'Silk', es: '' } });
    expect(errorAt(result.errors, 'materials.ru')).toBeDefined();
  });

  it('sends the home-page pick as the owner left it; a new product is not picked', () => {
    expect(productBody({ ...productFormOf(book), featured: false }).featured).toBe(false);
    expect(productFormOf(null).featured).toBe(false);
  });

  it('sends the weight and box as numbers, or null when all four are empty; a partial one is refused', async () => {
    const own = { ...book, parcel: { weightGrams: 700, lengthCm: 27, widthCm: 20, heightCm: 4 } };
    expect(productBody(productFormOf(own)).parcel).toEqual(own.parcel);
    const resolver = writeResolver(ProductWriteSchema, productBody, productRules(true));
    const partial = {
      ...productFormOf(own),
      parcel: { weightGrams: '700', lengthCm: '', widthCm: '20', heightCm: '4' },
    };
    const result = await check(resolver, partial);
    expect(errorAt(result.errors, 'parcel.lengthCm')).toBeDefined();
  });

  it("sends the place in the owner's order as a number, empty as null; anything but a whole number from 1 is refused", async () => {
    expect(productBody({ ...productFormOf(book), position: ' 3 ' }).position).toBe(3);
    expect(productBody({ ...productFormOf(book), position: '' }).position).toBeNull();
    const resolver = writeResolver(ProductWriteSchema, productBody, productRules(true));
    for (const position of ['0', '1.5', 'first', '-2']) {
      const result = await check(resolver, { ...productFormOf(book), position });
      expect(errorAt(result.errors, 'position'), position).toBeDefined();
    }
    expect(
      errorAt((await check(resolver, { ...productFormOf(book), position: '7' })).errors, 'position'),
    ).toBeUndefined();
  });

  it('only a collection piece sends its subcategory; only a book its formats', () => {
    const form: ProductForm = {
      ...productFormOf(null),
      category: 'tools',
      subcategory: 'bouquets',
      bookFormats: ['digital'],
    };
    const body = productBody(form);
    expect(body.subcategory).toBeNull();
    expect(body).not.toHaveProperty('bookFormats');
  });

  it.each([
    ['no Russian name', { name: { ru: ' ', en: 'Rose', es: '' } }, 'name.ru'],
    ['a rouble price of zero', { price: { rub: '0', eur: '', usd: '' } }, 'price.rub'],
    ['three decimals', { price: { rub: '10.999', eur: '', usd: '' } }, 'price.rub'],
    ['a euro price that is not a number', { price: { rub: '10', eur: 'ten', usd: '' } }, 'price.eur'],
    ['a fractional stock', { stock: '1.5' }, 'stock'],
  ] as const)('is refused before sending: %s (under %s)', async (_name, change, path) => {
    const resolver = writeResolver(ProductWriteSchema, productBody);
    const valid: ProductForm = {
      ...productFormOf(null),
      name: { ru: 'Роза', en: '', es: '' },
      description: { ru: 'Шёлк', en: '', es: '' },
      price: { rub: '100', eur: '', usd: '' },
    };
    expect((await check(resolver, valid)).errors).toEqual({});
    const result = await check(resolver, { ...valid, ...change } as ProductForm);
    expect(Object.keys(result.errors).length).toBeGreaterThan(0);
    expect(errorAt(result.errors, path)).toBeDefined();
  });

  it('a digital book needs its file: a new one, or the stored one kept', async () => {
    const withStored = writeResolver(ProductWriteSchema, productBody, productRules(true));
    const withoutStored = writeResolver(ProductWriteSchema, productBody, productRules(false));
    const form = productFormOf(book);
    expect((await check(withStored, form)).errors).toEqual({});
    expect(errorAt((await check(withStored, { ...form, removeDigitalFile: true })).errors, 'bookFile')?.message).toBe(
      'shop.admin.bookRequired',
    );
    expect(errorAt((await check(withoutStored, form)).errors, 'bookFile')).toBeDefined();
    const file = new File(['%PDF'], 'new.pdf', { type: 'application/pdf' });
    expect((await check(withoutStored, { ...form, bookFile: file })).errors).toEqual({});
  });

  it('takes prices typed with group spaces and a decimal comma; one that is not an amount says how to write it', async () => {
    const resolver = writeResolver(ProductWriteSchema, productBody, productRules(false));
    const valid: ProductForm = {
      ...productFormOf(null),
      name: { ru: 'Роза', en: '', es: '' },
      description: { ru: 'Шёлк', en: '', es: '' },
      price: { rub: '8\u00a0500', eur: '85,50', usd: '92.5' },
    };
    const accepted = await check(resolver, valid);
    expect(accepted.errors).toEqual({});
    expect((accepted.values as ProductWrite).price).toEqual({ rub: 8500, eur: 85.5, usd: 92.5 });
    const refused = await check(resolver, { ...valid, price: { rub: '8 500 р', eur: '', usd: '' } });
    expect(errorAt(refused.errors, 'price.rub')?.message).toBe('common.moneyFormat');
    // An empty rouble price keeps the schema's own message ("enter a price").
    const empty = await check(resolver, { ...valid, price: { rub: '', eur: '', usd: '' } });
    expect(errorAt(empty.errors, 'price.rub')?.message).not.toBe('common.moneyFormat');
  });
});
