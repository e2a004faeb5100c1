/**
 * The shop's delivery settings (docs/decisions/0079): the countries physical goods may be sent to
 * and the workshop where pickup orders are collected (address, hours, map link). One row, written
 * by the owner in the admin; without it the defaults hold (every country Russian Post takes
 * parcels to, no workshop address yet). Checkout asks it which countries are open.
 */
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings, type LocalizedText } from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliverySettings } from '../../db/schema';

/** Drops blank translations, so a blank English line falls back to the Russian one. */
function trimmed(text: LocalizedText): LocalizedText {
  return {
    ru: text.ru.trim(),
    ...(text.en?.trim() ? { en: text.en.trim() } : {}),
    ...(text.es?.trim() ? { es: text.es.trim() } : {}),
  };
}

export function createDeliveryService({ db }: { db: Db }) {
  async function settings(q: Db | Tx = db): Promise<DeliverySettings> {
    const [row] = await q.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
    if (!row) return DEFAULT_DELIVERY_SETTINGS;
    return {
      shippingCountries: row.shippingCountries,
      pickup: { address: row.pickupAddress, hours: row.pickupHours, mapUrl: row.pickupMapUrl },
    };
  }

  return {
    settings,

    /** Where physical goods may be sent (ISO codes). */
    async shippingCountries(q: Db | Tx = db): Promise<readonly string[]> {
      return (await settings(q)).shippingCountries;
    },

    /** The owner's new settings, whole (the schema has sorted and de-duplicated the countries). */
    async save(input: DeliverySettings): Promise<DeliverySettings> {
      const values = {
        shippingCountries: input.shippingCountries,
        pickupAddress: trimmed(input.pickup.address),
        pickupHours: trimmed(input.pickup.hours),
        pickupMapUrl: input.pickup.mapUrl.trim(),
      };
      await db
        .insert(deliverySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: deliverySettings.id, set: { ...values, updatedAt: sql`now()` } });
      return settings();
    },
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
