import type { CdekEstimateBody, CdekQuoteBody } from '@atelier/shared';

export const cdekKeys = {
  all: ['cdek'] as const,
  /** Places by the start of their name; "Мос" and " мос" are one entry. */
  cities: (name: string) => [...cdekKeys.all, 'cities', name.trim().toLocaleLowerCase('ru')] as const,
  points: (cityCode: number | null) => [...cdekKeys.all, 'points', cityCode] as const,
  quote: (body: CdekQuoteBody | null) => [...cdekKeys.all, 'quote', body] as const,
  /** The cart's goods to a place, before a point is chosen. */
  estimate: (body: CdekEstimateBody | null) => [...cdekKeys.all, 'estimate', body] as const,
  settings: () => [...cdekKeys.all, 'settings'] as const,
  /** Admin: an order's CDEK shipment (the order page polls it while CDEK makes the order). */
  adminOrder: (orderId: string) => [...cdekKeys.all, 'admin', 'order', orderId] as const,
};
