/**
 * Her small address book: the delivery addresses she asked the shop to remember at checkout
 * ("remember my details"), most recently used first, at most MAX_SAVED_ADDRESSES. Checkout writes
 * through `remember`, in the order's transaction, with her name and phone for her profile.
 */
import { resolveCountry, type SavedAddress } from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { AddressesRepo } from './addresses.repo';

/** What checkout hands over when she asks to be remembered. */
export interface RememberedDetails {
  contact: { firstName: string; lastName: string; phone: string };
  /** The delivery address typed (a method that takes one); none for pickup or a pickup point. */
  address?:
    | {
        country?: string | undefined;
        city?: string | undefined;
        address?: string | undefined;
        postalCode?: string | undefined;
      }
    | undefined;
}

export interface AddressesDeps {
  repo: AddressesRepo;
  /** Her profile's name and phone (the users feature). */
  profile: { rememberContact(tx: Tx, userId: string, contact: RememberedDetails['contact']): Promise<void> };
}

/** One line of an address as it is kept: trimmed, inner whitespace single. */
const tidy = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

export function createAddressesService({ repo, profile }: AddressesDeps) {
  return {
    async list(userId: string): Promise<SavedAddress[]> {
      const rows = await repo.list(userId);
      return rows.map((row) => ({
        id: row.id,
        country: row.country,
        city: row.city,
        address: row.address,
        postalCode: row.postalCode,
        usedAt: row.usedAt.toISOString(),
      }));
    },

    remove: (userId: string, id: string) => repo.remove(userId, id),

    /** In the order's transaction: her contact to her profile, the address (when complete) to her book. */
    async remember(tx: Tx, userId: string, details: RememberedDetails): Promise<void> {
      await profile.rememberContact(tx, userId, details.contact);
      const typed = details.address;
      const country = typed?.country ? resolveCountry(typed.country) : null;
      const city = tidy(typed?.city);
      const address = tidy(typed?.address);
      if (!country || !city || !address) return;
      await repo.use(tx, userId, { country, city, address, postalCode: tidy(typed?.postalCode) });
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
