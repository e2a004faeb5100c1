/**
 * CDEK's answers as the shop reads them, in pure functions (tested as tables in cdek.rules.test.ts):
 * a pickup point from CDEK's record, the tariff for a point, the statuses kept (newest first, no
 * duplicates), where the parcel is now, and which steps the order still has to take for it.
 */
import {
  type CdekPoint,
  type CdekPointType,
  type CdekStage,
  type CdekStatus,
  type OrderCdekDelivery,
  stageOfStatus,
} from '@atelier/shared';
import type { CdekDeliveryPoint, CdekOrderStatus, CdekTariff } from '../../platform/delivery/cdek-client';

/** A point from CDEK's record; null for one the shop cannot send to (unknown type, no address). */
export function toCdekPoint(record: CdekDeliveryPoint): CdekPoint | null {
  const type = record.type === 'PVZ' || record.type === 'POSTAMAT' ? record.type : null;
  const location = record.location ?? {};
  const address = location.address_full ?? location.address;
  const cityCode = location.city_code ?? location.code;
  if (!type || !address || typeof cityCode !== 'number') return null;
  return {
    code: record.code,
    name: record.name ?? record.code,
    type,
    city: location.city ?? '',
    cityCode,
    address,
    workTime: record.work_time ?? '',
    note: record.address_comment ?? record.nearest_station ?? null,
    latitude: typeof location.latitude === 'number' ? location.latitude : null,
    longitude: typeof location.longitude === 'number' ? location.longitude : null,
  };
}

/** The shop's tariff to a point of this type (CDEK_TARIFF_PICKUP / CDEK_TARIFF_LOCKER). */
export function tariffFor(type: CdekPointType, tariffs: { pickup: number; locker: number }): number {
  return type === 'POSTAMAT' ? tariffs.locker : tariffs.pickup;
}

/**
 * CDEK's price of the tariff, in whole roubles rounded up (the shop never charges less than CDEK
 * does); null when CDEK does not offer that tariff for this parcel and route.
 */
export function priceOfTariff(list: readonly CdekTariff[], tariffCode: number): CdekTariff | null {
  return (
    list.find((t) => t.tariff_code === tariffCode && Number.isFinite(t.delivery_sum) && t.delivery_sum >= 0) ?? null
  );
}

export function wholeRoubles(sum: number): number {
  return Math.ceil(sum - 1e-9);
}

/** The delivery the order keeps: the point, the tariff and CDEK's price, the parcel it was priced for. */
export function orderDelivery(
  point: CdekPoint,
  tariff: CdekTariff,
  parcel: OrderCdekDelivery['parcel'],
): OrderCdekDelivery {
  return {
    pointCode: point.code,
    pointType: point.type,
    cityCode: point.cityCode,
    city: point.city,
    address: point.address,
    workTime: point.workTime,
    tariffCode: tariff.tariff_code,
    carrierCost: wholeRoubles(tariff.delivery_sum),
    periodMin: tariff.period_min ?? null,
    periodMax: tariff.period_max ?? null,
    parcel,
  };
}

/** CDEK writes times as 2024-03-01T12:00:00+0300; kept as ISO strings. */
function isoTime(value: string | undefined): string {
  if (!value) return new Date(0).toISOString();
  const normalized = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = new Date(normalized);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

/**
 * The statuses known so far and CDEK's latest list, merged: newest first, each (code, time) once.
 * Statuses of the same second keep CDEK's order (its list is newest first).
 */
export function mergeStatuses(known: readonly CdekStatus[], reported: readonly CdekOrderStatus[]): CdekStatus[] {
  const all = new Map<string, CdekStatus>();
  for (const status of reported) {
    if (typeof status?.code !== 'string' || status.code === '') continue;
    const at = isoTime(status.date_time);
    const key = `${status.code}@${at}`;
    if (!all.has(key))
      all.set(key, { code: status.code, name: status.name ?? status.code, at, city: status.city ?? null });
  }
  for (const status of known) {
    const key = `${status.code}@${status.at}`;
    if (!all.has(key)) all.set(key, status);
  }
  // A stable sort: ties stay in the order above.
  return [...all.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** Where the parcel is: the stage of the newest status that means one (null before any). */
export function currentStage(statuses: readonly CdekStatus[]): CdekStage | null {
  for (const status of statuses) {
    const stage = stageOfStatus(status.code);
    if (stage) return stage;
  }
  return null;
}

/**
 * The steps the order takes on the way to `stage`, in order: a parcel reported delivered without
 * the shop having seen it leave is first marked as on its way. A customer is never told to
 * collect a parcel that is already delivered (no `ready_for_pickup` step on the way to delivered).
 */
const PATH: Record<CdekStage, CdekStage[]> = {
  created: [],
  in_transit: ['in_transit'],
  ready_for_pickup: ['in_transit', 'ready_for_pickup'],
  delivered: ['in_transit', 'delivered'],
  not_delivered: ['in_transit', 'not_delivered'],
  cancelled: ['cancelled'],
};

/** Steps not taken yet (each step is taken once per shipment). */
export function stepsTo(stage: CdekStage | null, taken: readonly string[]): CdekStage[] {
  if (!stage) return [];
  return PATH[stage].filter((step) => !taken.includes(step));
}

/** A phone number as CDEK takes it: "+", then digits only. */
export function cdekPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // A Russian number typed from 8 (8 912 …) is +7 912 … for CDEK.
  if (digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`;
  return `+${digits}`;
}

/** The order's number at CDEK: the shop's number and the start of its id (unique even on CDEK's shared test account). */
export function cdekOrderNumber(order: { number: number; id: string }): string {
  return `${order.number}-${order.id.slice(0, 8)}`;
}
