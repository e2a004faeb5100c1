import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryName,
  countryOptions,
  DEFAULT_SHIPPING_COUNTRIES,
  DeliverySettingsBody,
  deliveryMethodsTo,
  estimateDelivery,
  expectedDelivery,
  paymentMethodsTo,
  resolveCountry,
} from './shipping';

describe('countries', () => {
  it('every code is one Intl names, in ru, en and es', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    for (const code of COUNTRY_CODES)
      for (const lang of ['ru', 'en', 'es'] as const) expect(countryName(code, lang)).not.toBe(code);
    expect(countryName('KZ', 'ru')).toBe('Казахстан');
    expect(countryName('DE', 'es')).toBe('Alemania');
  });

  it('a typed country is found by code or by name in any of the languages, whatever the case; a name of none is null', () => {
    expect(resolveCountry('kz')).toBe('KZ');
    expect(resolveCountry('  казахстан ')).toBe('KZ');
    expect(resolveCountry('Kazakhstan')).toBe('KZ');
    expect(resolveCountry('Kazajistán')).toBe('KZ');
    expect(resolveCountry('kazajistan')).toBe('KZ');
    expect(resolveCountry('Deutschland')).toBe('DE');
    expect(resolveCountry('РФ')).toBe('RU');
    expect(resolveCountry('Белоруссия')).toBe('BY');
    expect(resolveCountry('Атлантида')).toBeNull();
    expect(resolveCountry('XX')).toBeNull();
    expect(resolveCountry('')).toBeNull();
    expect(resolveCountry(undefined)).toBeNull();
  });

  it('the lists read with Russia first, then by name in the reader’s language', () => {
    const options = countryOptions(['DE', 'RU', 'AM', 'KZ'], 'ru');
    expect(options.map((o) => o.name)).toEqual(['Россия', 'Армения', 'Германия', 'Казахстан']);
    expect(countryOptions(['DE', 'RU', 'AM'], 'en').map((o) => o.code)).toEqual(['RU', 'AM', 'DE']);
  });

  it('by default parcels go where Russian Post takes them: not to the US or Ukraine', () => {
    expect(DEFAULT_SHIPPING_COUNTRIES).toContain('RU');
    expect(DEFAULT_SHIPPING_COUNTRIES).toContain('KZ');
    expect(DEFAULT_SHIPPING_COUNTRIES).not.toContain('US');
    expect(DEFAULT_SHIPPING_COUNTRIES).not.toContain('UA');
  });

  it('the owner’s list is upper-cased, de-duplicated and sorted; a code of no country is refused', () => {
    const pickup = { address: { ru: '' }, hours: { ru: '' }, mapUrl: '' };
    expect(DeliverySettingsBody.parse({ shippingCountries: ['ru', 'BY', 'by'], pickup }).shippingCountries).toEqual([
      'BY',
      'RU',
    ]);
    expect(DeliverySettingsBody.safeParse({ shippingCountries: ['XX'], pickup }).success).toBe(false);
    expect(
      DeliverySettingsBody.safeParse({ shippingCountries: [], pickup: { ...pickup, mapUrl: 'http://x.ru' } }).success,
    ).toBe(false);
  });
});

describe('estimateDelivery', () => {
  const base = { currency: 'RUB' as const, goodsMinor: 120_000, hasPhysical: true, shippingCountries: ['RU', 'KZ'] };

  it('in Russia: every method with its flat price and days', () => {
    const estimate = estimateDelivery({ ...base, country: 'RU' });
    expect(estimate).toEqual({
      kind: 'options',
      freeFrom: 5000,
      options: [
        { method: 'standard', costMinor: 30_000, minDays: 3, maxDays: 7 },
        { method: 'express', costMinor: 50_000, minDays: 1, maxDays: 3 },
        { method: 'pickup', costMinor: 0, minDays: 1, maxDays: 2 },
        { method: 'post', costMinor: 30_000, minDays: 2, maxDays: 10 },
        { method: 'courier_pickup', costMinor: 30_000, minDays: 2, maxDays: 7 },
      ],
    });
  });

  it('abroad: post only (longer; nobody abroad comes to the workshop); in euros at the shop’s rate; free from the threshold', () => {
    const estimate = estimateDelivery({ ...base, country: 'KZ', currency: 'EUR', goodsMinor: 1_000 });
    expect(estimate).toEqual({
      kind: 'options',
      freeFrom: 50,
      options: [{ method: 'post', costMinor: 300, minDays: 10, maxDays: 30 }],
    });
    const free = estimateDelivery({ ...base, country: 'RU', goodsMinor: 500_000 });
    expect(free.kind === 'options' && free.options.every((o) => o.costMinor === 0)).toBe(true);
    expect(deliveryMethodsTo(null)).toContain('express');
    expect(deliveryMethodsTo('BY')).toEqual(['post']);
  });

  it('with CDEK set up its point is priced by its tariff (unknown here) unless delivery is free', () => {
    const estimate = estimateDelivery({ ...base, country: 'RU', carrierPriced: true });
    expect(estimate.kind === 'options' && estimate.options.find((o) => o.method === 'courier_pickup')?.costMinor).toBe(
      null,
    );
    const free = estimateDelivery({ ...base, country: 'RU', carrierPriced: true, goodsMinor: 600_000 });
    expect(free.kind === 'options' && free.options.find((o) => o.method === 'courier_pickup')?.costMinor).toBe(0);
  });

  it('with CDEK’s price to the customer’s place: its price (in euros at the rate) and its days, free from the threshold', () => {
    const carrier = { costRubMinor: 64_100, minDays: 2, maxDays: 4 };
    const pickupOf = (estimate: ReturnType<typeof estimateDelivery>) =>
      estimate.kind === 'options' ? estimate.options.find((o) => o.method === 'courier_pickup') : undefined;
    expect(pickupOf(estimateDelivery({ ...base, country: 'RU', carrierPriced: true, carrier }))).toEqual({
      method: 'courier_pickup',
      costMinor: 64_100,
      minDays: 2,
      maxDays: 4,
    });
    const euros = estimateDelivery({
      ...base,
      country: 'RU',
      currency: 'EUR',
      goodsMinor: 2_000,
      carrierPriced: true,
      carrier,
    });
    expect(pickupOf(euros)?.costMinor).toBe(641);
    const free = estimateDelivery({ ...base, country: 'RU', goodsMinor: 600_000, carrierPriced: true, carrier });
    expect(pickupOf(free)?.costMinor).toBe(0);
    // Without CDEK set up a price from elsewhere is not used; unknown days keep the method's own.
    expect(pickupOf(estimateDelivery({ ...base, country: 'RU', carrier }))?.costMinor).toBe(30_000);
    const noDays = estimateDelivery({
      ...base,
      country: 'RU',
      carrierPriced: true,
      carrier: { costRubMinor: 50_000, minDays: null, maxDays: null },
    });
    expect(pickupOf(noDays)).toMatchObject({ costMinor: 50_000, minDays: 2, maxDays: 7 });
  });

  it('nothing that travels: no delivery; a country off the list: not shipped', () => {
    expect(estimateDelivery({ ...base, hasPhysical: false, country: 'US' })).toEqual({ kind: 'none' });
    expect(estimateDelivery({ ...base, country: 'DE' })).toEqual({ kind: 'not-shipped', country: 'DE' });
  });
});

describe('one answer per order: its expected delivery and the ways to pay it', () => {
  it('the days come from the method and the country the order keeps (a name in any language), or the carrier', () => {
    expect(expectedDelivery({ method: 'post', country: 'Германия' })).toEqual({ minDays: 10, maxDays: 30 });
    expect(expectedDelivery({ method: 'post', country: 'España' })).toEqual({ minDays: 10, maxDays: 30 });
    expect(expectedDelivery({ method: 'post', country: 'Россия' })).toEqual({ minDays: 2, maxDays: 10 });
    expect(expectedDelivery({ method: 'standard' })).toEqual({ minDays: 3, maxDays: 7 });
    expect(
      expectedDelivery({ method: 'courier_pickup', country: 'Россия', cdek: { periodMin: 4, periodMax: 6 } }),
    ).toEqual({ minDays: 4, maxDays: 6 });
    expect(expectedDelivery({ method: 'none' })).toBeNull();
  });

  it('cash on receipt only at home; card in roubles; PayPal in euros and dollars; a transfer anywhere', () => {
    expect(paymentMethodsTo('RUB', 'RU')).toEqual(['card', 'cash', 'bank_transfer']);
    expect(paymentMethodsTo('RUB', null)).toEqual(['card', 'cash', 'bank_transfer']);
    expect(paymentMethodsTo('RUB', 'DE')).toEqual(['card', 'bank_transfer']);
    expect(paymentMethodsTo('EUR', 'DE')).toEqual(['paypal', 'bank_transfer']);
    expect(paymentMethodsTo('USD', 'RU')).toEqual(['paypal', 'cash', 'bank_transfer']);
  });
});
