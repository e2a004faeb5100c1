/** How this shop takes PayPal (GET /payments/methods); unknown while it loads. */
export type PaypalMode = 'api' | 'sandbox' | 'manual' | undefined;

/**
 * PayPal is paid on PayPal's own page (api) or on the demo's sandbox page standing in for it: no
 * address is asked. Manual mode (and a mode not known yet) asks where the owner's invoice goes.
 */
export const paypalRedirects = (paypalMode: PaypalMode): boolean => paypalMode === 'api' || paypalMode === 'sandbox';
