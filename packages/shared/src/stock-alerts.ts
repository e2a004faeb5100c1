/**
 * "Notify me when it is back": `POST /stock-alerts` for a product that cannot be bought from stock
 * now (out of stock, or made to order). A signed-in customer is subscribed with the account's
 * address at once; anyone else gives an address and confirms it from the emailed link (double
 * opt-in). The reply to an address never says whether it was already subscribed. What counts as
 * available is `availableNow` (shop.constants.ts, zod-free for the public pages).
 */
import { z } from 'zod';
import { EmailSchema } from './auth';

export const StockAlertBody = z.object({
  productId: z.uuid(),
  /** Needed without a session; a signed-in customer is subscribed with the account's address. */
  email: EmailSchema.optional(),
});
export type StockAlertBody = z.infer<typeof StockAlertBody>;

/** The emailed confirmation and unsubscribe links carry one of these (base64url). */
export const StockAlertTokenBody = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });
export type StockAlertTokenBody = z.infer<typeof StockAlertTokenBody>;

export const StockAlertSchema = z.object({
  productId: z.uuid(),
  /** pending: waits for the emailed link; active: will be mailed; sent: was mailed (once). */
  status: z.enum(['pending', 'active', 'sent']),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

export const StockAlertProductParamsSchema = z.object({ productId: z.uuid() });
