/**
 * The feeds' rules one by one: what an offer is made of, the availability Google is told, the
 * delivery terms, the XML text rules, and that a kept feed is made again each day.
 */
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  type ProductDetail,
  type ProductVariant,
} from '@atelier/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPublicCache } from '../../platform/http/public-cache';
import { availabilityDate, googleAvailability } from './feeds.google';
import { amountText, feedDelivery, feedOffers, MAX_PICTURES } from './feeds.offers';
import { FEED_PATHS, feedsRoutes } from './feeds.routes';
import type { FeedsService } from './feeds.service';
import { clip, xmlText } from './feeds.xml';
import { ymlDate } from './feeds.yml';

const image = (name: string) => ({ url: name, thumb: name, medium: name, large: `/uploads/${name}.webp` });

function variant(values: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    sku: null,
    optionValues: [],
    price: { RUB: 1500 },
    availability: 'in_stock',
    available: true,
    images: [],
    ...values,
  };
}

function product(values: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: { ru: 'Пион', en: 'Peony' },
    description: { ru: 'Шёлк' },
    price: { rub: 1500, eur: null, usd: null },
    images: [],
    category: 'collection',
    availability: 'in_stock',
    stock: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    options: [],
    variants: [variant()],
    ...values,
  };
}

const SIZE = {
  id: 'size',
  name: { ru: 'Размер' },
  values: [
    { id: 's', label: { ru: '30 см' } },
    { id: 'l', label: { ru: '50 см' } },
  ],
};

describe('offers', () => {
  it('a product with options offers only the variants that name a value of every option', () => {
    const offers = feedOffers(
      [
        product({
          options: [SIZE],
          variants: [
            variant({ id: 'a', optionValues: ['s'] }),
            variant({ id: 'b', optionValues: [] }),
            variant({ id: 'c', optionValues: ['xl'] }),
          ],
        }),
      ],
      'https://a.test/',
    );
    expect(offers.map((o) => [o.id, o.name, o.url, o.groupId])).toEqual([
      ['a', 'Пион, 30 см', `https://a.test/shop?product=${product().id}&variant=a`, product().id],
    ]);
  });

  it('pictures: the variant own photos first, each once, at most ten', () => {
    const shared = Array.from({ length: 12 }, (_, i) => image(`p${i}`));
    const [offer] = feedOffers(
      [product({ images: shared, variants: [variant({ images: [image('own'), image('p0')] })] })],
      'https://a.test',
    );
    expect(offer!.pictures).toHaveLength(MAX_PICTURES);
    expect(offer!.pictures.slice(0, 3)).toEqual([
      'https://a.test/uploads/own.webp',
      'https://a.test/uploads/p0.webp',
      'https://a.test/uploads/p1.webp',
    ]);
  });

  it.each([
    ['an empty description', { description: { ru: '  ' } }, 'Пион'],
    ['a description', { description: { ru: ' Шёлк ' } }, 'Шёлк'],
  ])('%s: the offer says %j', (_, values, description) => {
    expect(feedOffers([product(values)], 'https://a.test')[0]!.description).toBe(description);
  });

  it.each([
    ['a collection item', {}, true],
    ['a printed book', { category: 'book' as const, bookFormats: ['physical' as const, 'digital' as const] }, true],
    ['a book sold only as a file', { category: 'book' as const, bookFormats: ['digital' as const] }, false],
  ])('%s travels as a parcel: %s', (_, values, physical) => {
    expect(feedOffers([product(values)], 'https://a.test')[0]!.physical).toBe(physical);
  });
});

describe('availability for Google', () => {
  it.each([
    ['in stock', { available: true, availability: 'in_stock' as const }, 'in_stock'],
    ['made to order', { available: true, availability: 'on_order' as const }, 'preorder'],
    ['out of stock', { available: false, availability: 'out_of_stock' as const }, 'out_of_stock'],
    ['counted stock that ran out', { available: false, availability: 'in_stock' as const }, 'out_of_stock'],
    ['made to order, counted out', { available: false, availability: 'on_order' as const }, 'out_of_stock'],
  ])('%s → %s', (_, offer, expected) => {
    expect(googleAvailability(offer)).toBe(expected);
  });

  it.each([
    ['2025-05-22T23:59:59Z', 14, '2025-06-05T00:00Z'],
    ['2025-12-25T00:00:00Z', 14, '2026-01-08T00:00Z'],
  ])('made on %s, sent %s days later: %s', (now, days, expected) => {
    expect(availabilityDate(new Date(now), days)).toBe(expected);
  });
});

describe('delivery terms', () => {
  const settings = (values: Partial<DeliverySettings> = {}): DeliverySettings => ({
    ...DEFAULT_DELIVERY_SETTINGS,
    ...values,
  });
  const workshop = settings({ pickup: { address: { ru: 'Москва' }, hours: { ru: '' }, mapUrl: '' } });

  it.each([
    [
      'below the free threshold',
      1_500_00,
      true,
      settings(),
      [
        { costMinor: 300_00, minDays: 3, maxDays: 7 },
        { costMinor: 500_00, minDays: 1, maxDays: 3 },
      ],
      null,
    ],
    [
      'from the threshold: free, the fastest only',
      5_000_00,
      true,
      settings(),
      [{ costMinor: 0, minDays: 1, maxDays: 3 }],
      null,
    ],
    ['a file travels nowhere', 1_500_00, false, workshop, [], null],
    ['not shipped at home', 1_500_00, true, settings({ shippingCountries: ['BY'] }), [], null],
    [
      'a workshop to collect from',
      1_500_00,
      true,
      workshop,
      [
        { costMinor: 300_00, minDays: 3, maxDays: 7 },
        { costMinor: 500_00, minDays: 1, maxDays: 3 },
      ],
      { costMinor: 0, minDays: 1, maxDays: 2 },
    ],
  ])('%s', (_, price, physical, given, courier, pickup) => {
    expect(feedDelivery(price, physical, given)).toEqual({ courier, pickup });
  });
});

describe('XML text', () => {
  it.each([
    ['markup characters', `a & b < c > d " e ' f`, 'a &amp; b &lt; c &gt; d &quot; e &apos; f'],
    ['control characters XML cannot hold', 'a\u0000b\u0001c\u001fd\ufffe', 'abcd'],
    ['tabs and line breaks', 'a\tb\nc\r', 'a\tb\nc\r'],
    ['a lone surrogate', 'a\ud800b', 'ab'],
    ['an emoji (a surrogate pair)', 'роза 🌹', 'роза 🌹'],
  ])('%s', (_, input, expected) => {
    expect(xmlText(input)).toBe(expected);
  });

  it.each([
    ['short enough', 'абв', 3, 'абв'],
    ['cut, marked', 'абвгд', 4, 'абв…'],
    ['an emoji is never cut in half', '🌹🌹🌹', 2, '🌹…'],
  ])('clip: %s', (_, text, max, expected) => {
    expect(clip(text, max)).toBe(expected);
  });

  it.each([
    [150_000, '1500.00'],
    [250_050, '2500.50'],
    [5, '0.05'],
    [0, '0.00'],
  ])('%i minor units are written %s', (minor, text) => {
    expect(amountText(minor)).toBe(text);
  });

  it('the YML date is RFC 3339 with its zone', () => {
    expect(ymlDate(new Date('2025-05-22T14:37:05.123Z'))).toBe('2025-05-22T14:37:05+00:00');
  });
});

describe('the kept feed', () => {
  it('is made once a day, whatever query string is added, and again the next day', async () => {
    let made = 0;
    let now = new Date('2025-05-22T10:00:00Z');
    const service = {
      yandex: async (at: Date) => {
        made += 1;
        return `<yml_catalog date="${at.toISOString()}"/>`;
      },
      google: async () => '<rss/>',
    } as FeedsService;
    const app = Fastify();
    await app.register(feedsRoutes, { service, cache: createPublicCache(), clock: () => now });
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get(FEED_PATHS.yandex)).statusCode).toBe(200);
    await get(`${FEED_PATHS.yandex}?a=1`);
    now = new Date('2025-05-22T23:59:00Z');
    await get(FEED_PATHS.yandex);
    expect(made).toBe(1);
    now = new Date('2025-05-23T00:01:00Z');
    expect((await get(FEED_PATHS.yandex)).body).toContain('2025-05-23');
    expect(made).toBe(2);
    await app.close();
  });
});
