/**
 * The thank-you page that stays: where the success windows close to, and cash / transfer orders
 * land. Here, not in orders/api, because the payment result pages (payments) send the buyer there
 * too, and orders already use payments.
 */
export const thanksUrl = (number: number | string) => `/account/orders/thanks/${encodeURIComponent(String(number))}`;
