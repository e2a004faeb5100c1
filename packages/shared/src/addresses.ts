import { z } from 'zod';

/** How many delivery addresses an account keeps: the most recently used ones. */
export const MAX_SAVED_ADDRESSES = 5;

/**
 * A delivery address the customer asked the shop to remember at checkout: her small address book,
 * most recently used first. `country` is an ISO 3166-1 alpha-2 code.
 */
export const SavedAddressSchema = z.object({
  id: z.uuid(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  postalCode: z.string(),
  usedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const SavedAddressParamsSchema = z.object({ id: z.uuid() });
