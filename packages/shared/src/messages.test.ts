import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n';
import {
  MESSAGES_BY_FEATURE,
  mergeTextFiles,
  ORDER_STATUS_LABELS,
  PAGE_TEXTS,
  PAGE_TEXTS_BY_FEATURE,
  PAYMENT_METHOD_LABELS,
  SERVER_MESSAGES,
} from './messages';
import { ORDER_STATUSES, PAYMENT_METHODS } from './orders';
import { disallowedPrefixes, disallowPrefix, PAGE_LIST } from './pages';
import { fillText, inSentence, placeholdersOf, type Texts } from './texts';

/** Every text with a name, e.g. `SERVER_MESSAGES.stockExceeded` or `PAGE_TEXTS.shop.description`. */
const ALL_TEXTS: [string, Texts][] = [
  ...Object.entries(SERVER_MESSAGES).map(([key, texts]): [string, Texts] => [`SERVER_MESSAGES.${key}`, texts]),
  ...Object.entries(PAGE_TEXTS).flatMap(([key, page]): [string, Texts][] => [
    [`PAGE_TEXTS.${key}.title`, page.title],
    ...('description' in page ? [[`PAGE_TEXTS.${key}.description`, page.description] as [string, Texts]] : []),
  ]),
  ...Object.entries(ORDER_STATUS_LABELS).map(([key, texts]): [string, Texts] => [`ORDER_STATUS_LABELS.${key}`, texts]),
  ...Object.entries(PAYMENT_METHOD_LABELS).map(([key, texts]): [string, Texts] => [
    `PAYMENT_METHOD_LABELS.${key}`,
    texts,
  ]),
];

describe('every server text exists in ru, en and es', () => {
  it('covers all the texts (a sanity check that the list above is not empty)', () => {
    expect(ALL_TEXTS.length).toBeGreaterThan(200);
  });

  it('has exactly ru, en and es, none of them blank', () => {
    const bad = ALL_TEXTS.filter(
      ([, texts]) =>
        Object.keys(texts).sort().join() !== [...LANGUAGES].sort().join() ||
        LANGUAGES.some((lang) => typeof texts[lang] !== 'string' || texts[lang].trim() === ''),
    ).map(([name]) => name);
    expect(bad).toEqual([]);
  });

  it('uses the same {placeholders} in every language', () => {
    const bad = ALL_TEXTS.filter(([, texts]) => {
      const ru = placeholdersOf(texts.ru).join();
      return placeholdersOf(texts.en).join() !== ru || placeholdersOf(texts.es).join() !== ru;
    }).map(([name]) => name);
    expect(bad).toEqual([]);
  });
});

describe('texts are split by feature', () => {
  it('SERVER_MESSAGES is exactly the union of the feature files', () => {
    const keys = Object.values(MESSAGES_BY_FEATURE).flatMap((file) => Object.keys(file));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(SERVER_MESSAGES).sort()).toEqual(keys.sort());
  });

  it('PAGE_TEXTS is exactly the union of the feature files', () => {
    const keys = Object.values(PAGE_TEXTS_BY_FEATURE).flatMap((file) => Object.keys(file));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(PAGE_TEXTS).sort()).toEqual(keys.sort());
  });

  it('refuses a key defined in two files, naming it', () => {
    expect(() => mergeTextFiles({ shop: { saved: 1 }, orders: { saved: 2 } })).toThrow(/"saved".*messages\/orders/);
  });
});

describe('labels', () => {
  it('name every order status and payment method', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(PAYMENT_METHOD_LABELS).sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it.each([
    ['pending', 'Awaiting payment'],
    ['confirmed', 'Paid'],
    ['processing', 'Processing'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
  ] as const)('%s is "%s" in en', (status, label) => {
    expect(ORDER_STATUS_LABELS[status].en).toBe(label);
  });

  it.each([
    ['Отправлен', 'отправлен'],
    ['Awaiting payment', 'awaiting payment'],
    ['En preparación', 'en preparación'],
  ])('%s inside a sentence is %s', (label, written) => {
    expect(inSentence(label)).toBe(written);
  });

  it('fills placeholders and leaves an unknown one as written', () => {
    expect(fillText('Заказ №{n}: {status} {other}', { n: 12, status: 'отправлен' })).toBe(
      'Заказ №12: отправлен {other}',
    );
  });
});

describe('pages are declared once', () => {
  it('every page has a distinct path and a title in PAGE_TEXTS', () => {
    const paths = PAGE_LIST.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGE_LIST) expect(PAGE_TEXTS, page.path).toHaveProperty(page.text);
  });

  it('only public pages are in the sitemap, and what robots.txt disallows is noindex too', () => {
    for (const page of PAGE_LIST) {
      if (page.sitemap) expect([page.noindex, page.disallow], page.path).toEqual([false, false]);
      if (page.disallow) expect(page.noindex, page.path).toBe(true);
    }
  });

  it.each([
    ['/cart', '/cart'],
    ['/reset-password/:token', '/reset-password/'],
    ['/admin/*', '/admin'],
    ['/account/orders/:id', '/account/orders/'],
  ])('robots.txt prefix of %s is %s', (path, prefix) => {
    expect(disallowPrefix(path)).toBe(prefix);
  });

  it('robots.txt disallows each private area once and no public page', () => {
    const prefixes = disallowedPrefixes();
    expect(prefixes).toEqual(expect.arrayContaining(['/admin', '/account', '/profile', '/checkout', '/cart', '/auth']));
    expect(prefixes).not.toContain('/auth/verify-link');
    expect(prefixes).not.toContain('/account/orders/');
    const publicPaths = PAGE_LIST.filter((page) => !page.disallow).map((page) => page.path);
    for (const path of publicPaths)
      expect(
        prefixes.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
  });
});
