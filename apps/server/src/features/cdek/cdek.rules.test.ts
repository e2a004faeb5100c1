import { describe, expect, it } from 'vitest';
import {
  cdekOrderNumber,
  cdekPhone,
  currentStage,
  mergeStatuses,
  priceOfTariff,
  stepsTo,
  tariffFor,
  toCdekPoint,
  wholeRoubles,
} from './cdek.rules';

describe('CDEK answers as the shop reads them', () => {
  it('a pickup point from CDEK’s record; one without an address or of another kind is left out', () => {
    const record = {
      code: 'KZN3',
      name: 'На Баумана',
      type: 'PVZ',
      location: {
        city_code: 424,
        city: 'Казань',
        address: 'ул. Баумана, 58',
        address_full: 'Россия, Казань, ул. Баумана, 58',
        latitude: 55.7,
        longitude: 49.1,
      },
      work_time: 'Пн-Пт 10:00-20:00',
      address_comment: 'Вход со двора',
    };
    expect(toCdekPoint(record)).toEqual({
      code: 'KZN3',
      name: 'На Баумана',
      type: 'PVZ',
      city: 'Казань',
      cityCode: 424,
      address: 'Россия, Казань, ул. Баумана, 58',
      workTime: 'Пн-Пт 10:00-20:00',
      note: 'Вход со двора',
      latitude: 55.7,
      longitude: 49.1,
    });
    expect(toCdekPoint({ ...record, type: 'WAREHOUSE' })).toBeNull();
    expect(toCdekPoint({ ...record, location: { city_code: 424 } })).toBeNull();
  });

  it.each([
    ['PVZ', 136],
    ['POSTAMAT', 368],
  ] as const)('a %s point is sent by tariff %d', (type, tariff) => {
    expect(tariffFor(type, { pickup: 136, locker: 368 })).toBe(tariff);
  });

  it('takes the shop’s tariff from CDEK’s list, rounded up to whole roubles; none when CDEK does not offer it', () => {
    const list = [
      { tariff_code: 136, delivery_sum: 395.5 },
      { tariff_code: 368, delivery_sum: 375 },
    ];
    expect(priceOfTariff(list, 136)?.delivery_sum).toBe(395.5);
    expect(priceOfTariff(list, 137)).toBeNull();
    expect([wholeRoubles(395.5), wholeRoubles(375), wholeRoubles(375.01)]).toEqual([396, 375, 376]);
  });

  it('keeps each status once, newest first, in ISO time', () => {
    const known = [{ code: 'CREATED', name: 'Создан', at: '2024-03-01T09:00:00.000Z', city: 'Москва' }];
    const merged = mergeStatuses(known, [
      { code: 'RECEIVED_AT_SHIPMENT_WAREHOUSE', name: 'Принят', date_time: '2024-03-01T15:00:00+0300', city: 'Москва' },
      { code: 'CREATED', name: 'Создан', date_time: '2024-03-01T12:00:00+0300', city: 'Москва' },
      { code: '', date_time: '2024-03-02T12:00:00+0300' },
    ]);
    expect(merged.map((s) => [s.code, s.at])).toEqual([
      ['RECEIVED_AT_SHIPMENT_WAREHOUSE', '2024-03-01T12:00:00.000Z'],
      ['CREATED', '2024-03-01T09:00:00.000Z'],
    ]);
    expect(currentStage(merged)).toBe('in_transit');
    expect(currentStage([{ code: 'UNKNOWN', name: '', at: '2024', city: null }])).toBeNull();
  });

  it.each([
    [null, [], []],
    ['created', [], []],
    ['in_transit', [], ['in_transit']],
    ['in_transit', ['in_transit'], []],
    ['ready_for_pickup', ['in_transit'], ['ready_for_pickup']],
    ['delivered', [], ['in_transit', 'delivered']],
    ['delivered', ['in_transit', 'ready_for_pickup'], ['delivered']],
    ['not_delivered', ['in_transit'], ['not_delivered']],
    ['cancelled', [], ['cancelled']],
  ] as const)('to stage %s having taken %j: %j', (stage, taken, steps) => {
    expect(stepsTo(stage, taken)).toEqual(steps);
  });

  it.each([
    ['+7 912 345-67-89', '+79123456789'],
    ['8 (912) 345 67 89', '+79123456789'],
    ['+34 600 123 456', '+34600123456'],
  ])('phone %s → %s', (typed, cdek) => {
    expect(cdekPhone(typed)).toBe(cdek);
  });

  it('numbers the CDEK order with the shop’s number and the start of its id', () => {
    expect(cdekOrderNumber({ number: 42, id: '3d7c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f' })).toBe('42-3d7c1f0e');
  });
});
