/**
 * CDEK at the checkout (docs/decisions/0043): CDEK's places and their pickup points and lockers,
 * kept briefly in memory so a customer typing and scrolling does not become a call per keystroke,
 * and the carrier orders prices a CDEK delivery with (`DeliveryCarrier`): the point read from CDEK,
 * the shop's tariff for its kind, CDEK's tariff list for the parcel from the shop's city. Shipments
 * (registration, statuses, label) are in cdek.shipments.ts.
 */
import type { CdekCity, CdekPoint, Parcel } from '@atelier/shared';
import type { CdekConfig } from '../../config';
import { type CdekClient, CdekError } from '../../platform/delivery/cdek-client';
import { AppError, InvalidInput } from '../../platform/errors';
import type { DeliveryCarrier } from '../orders/orders.schemas';
import { orderDelivery, priceOfTariff, tariffFor, toCdekPoint, wholeRoubles } from './cdek.rules';

/** CDEK could not be reached or failed: the checkout says so and nothing is written. */
export class CdekUnavailable extends AppError {
  constructor() {
    super(502, 'CDEK_UNAVAILABLE', 'cdekUnavailable');
  }
}

export interface CdekLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How long CDEK's places, points and prices are reused. */
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 1000;

/** A small time-limited memo: the oldest entry goes first once it is full. */
function createMemo<T>(now: () => number) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, { value, until: now() + CACHE_TTL_MS });
      if (entries.size > CACHE_MAX) entries.delete(entries.keys().next().value as string);
    },
  };
}

export interface CdekServiceDeps {
  /** null = CDEK is not set up: the checkout keeps the flat prices. */
  config: CdekConfig | null;
  client: CdekClient | null;
  log: CdekLog;
  now?: () => number;
}

export function createCdekService({ config, client, log, now = Date.now }: CdekServiceDeps) {
  const enabled = config !== null && client !== null;
  const cities = createMemo<CdekCity[]>(now);
  const points = createMemo<CdekPoint[]>(now);
  const pointsByCode = createMemo<CdekPoint | null>(now);
  const prices = createMemo<Awaited<ReturnType<CdekClient['tariffList']>>>(now);

  /** CDEK's failure as the API answers it: a 502 the customer can retry; logged once here. */
  function unavailable(error: unknown, what: string): never {
    if (error instanceof AppError) throw error;
    log.warn({ err: error instanceof Error ? error.message : String(error) }, `CDEK ${what} failed`);
    throw new CdekUnavailable();
  }

  function need(): { config: CdekConfig; client: CdekClient } {
    if (!config || !client) throw new AppError(409, 'CDEK_NOT_CONFIGURED', 'cdekNotConfigured');
    return { config, client };
  }

  async function point(code: string): Promise<CdekPoint | null> {
    const { client } = need();
    const known = pointsByCode.get(code);
    if (known !== undefined) return known;
    let found: CdekPoint | null;
    try {
      const records = await client.deliveryPoints({ code });
      found = records.map(toCdekPoint).find((p) => p?.code === code) ?? null;
    } catch (error) {
      return unavailable(error, 'point lookup');
    }
    pointsByCode.set(code, found);
    return found;
  }

  /** CDEK's price list from the shop's city to `toCityCode` for this parcel (cached briefly). */
  async function tariffsTo(toCityCode: number, parcel: Parcel) {
    const { config, client } = need();
    const pkg = {
      weight: parcel.weightGrams,
      length: parcel.lengthCm,
      width: parcel.widthCm,
      height: parcel.heightCm,
    };
    const key = JSON.stringify([config.fromCityCode, toCityCode, pkg]);
    let list = prices.get(key);
    if (!list) {
      try {
        list = await client.tariffList({ fromCityCode: config.fromCityCode, toCityCode, packages: [pkg] });
      } catch (error) {
        // CDEK refusing the route or the parcel itself (a 4xx) is not an outage.
        if (error instanceof CdekError && error.refused) list = [];
        else return unavailable(error, 'tariff calculation');
      }
      prices.set(key, list);
    }
    return list;
  }

  const carrier: DeliveryCarrier = {
    async quote({ pointCode, parcel }: { pointCode: string; parcel: Parcel }) {
      const { config } = need();
      const found = await point(pointCode);
      if (!found) {
        throw new InvalidInput('cdekPointUnknown', { field: 'delivery.cdekPointCode' }, 'CDEK_POINT_UNKNOWN');
      }
      const tariff = priceOfTariff(await tariffsTo(found.cityCode, parcel), tariffFor(found.type, config.tariffs));
      if (!tariff) {
        throw new InvalidInput('cdekNotDeliverable', { field: 'delivery.cdekPointCode' }, 'CDEK_NOT_DELIVERABLE');
      }
      return {
        carrierCostRub: wholeRoubles(tariff.delivery_sum),
        cdek: orderDelivery(found, tariff, parcel),
        point: found,
      };
    },

    async estimate({ cityCode, parcel }: { cityCode: number; parcel: Parcel }) {
      const { config } = need();
      const tariff = priceOfTariff(await tariffsTo(cityCode, parcel), tariffFor('PVZ', config.tariffs));
      if (!tariff) throw new InvalidInput('cdekNotDeliverable', { field: 'cityCode' }, 'CDEK_NOT_DELIVERABLE');
      return {
        carrierCostRub: wholeRoubles(tariff.delivery_sum),
        periodMin: tariff.period_min ?? null,
        periodMax: tariff.period_max ?? null,
      };
    },
  };

  return {
    enabled,

    /** What orders prices a CDEK delivery with; undefined while CDEK is not set up (flat prices). */
    carrier: enabled ? carrier : undefined,

    /** `GET /api/cdek/cities`: places whose name starts with `name` (at most 10). */
    async cities(name: string): Promise<CdekCity[]> {
      const { client } = need();
      const key = name.trim().toLocaleLowerCase('ru');
      const known = cities.get(key);
      if (known) return known;
      try {
        const found = (await client.cities(name.trim(), 10)).map((c) => ({
          code: c.code,
          city: c.city,
          region: c.region ?? null,
        }));
        cities.set(key, found);
        return found;
      } catch (error) {
        if (error instanceof CdekError && error.refused) return [];
        return unavailable(error, 'city search');
      }
    },

    /** `GET /api/cdek/points`: the pickup points and lockers of one place, by address. */
    async points(cityCode: number): Promise<CdekPoint[]> {
      const { client } = need();
      const key = String(cityCode);
      const known = points.get(key);
      if (known) return known;
      try {
        const found = (await client.deliveryPoints({ cityCode }))
          .map(toCdekPoint)
          .filter((p): p is CdekPoint => p !== null && p.cityCode === cityCode)
          .sort((a, b) => a.address.localeCompare(b.address, 'ru'));
        points.set(key, found);
        for (const p of found) pointsByCode.set(p.code, p);
        return found;
      } catch (error) {
        if (error instanceof CdekError && error.refused) return [];
        return unavailable(error, 'pickup point list');
      }
    },

    point,
  };
}

export type CdekService = ReturnType<typeof createCdekService>;
