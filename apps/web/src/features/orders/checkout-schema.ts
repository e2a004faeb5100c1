import { ADDRESS_REQUIRED, type BookFormat, CreateOrderBody, type Currency } from '@atelier/shared';
import { z } from 'zod';

/*
 * The checkout form is CreateOrderBody (the schema POST /orders validates) laid out flat: the same
 * field schemas, so the same limits and message keys, under the form's field names. Two things are
 * the form's own: the terms box holds false until ticked, and which address fields are required
 * depends on the delivery method (the server checks that after pricing the cart). Messages are
 * shared keys; `checkout.errors.<key>` gives the checkout its own wording where it has one.
 */
const { customer, delivery, paymentMethod, comment, acceptTerms } = CreateOrderBody.shape;
const { method: deliveryMethod, ...address } = delivery.shape;

/** Door-delivery address fields (required by ADDRESS_REQUIRED[method]); messages are checkout.errors keys. */
const DOOR_ADDRESS = ['country', 'city', 'address', 'postalCode'] as const;

export const CheckoutFormSchema = z
  .object({
    ...customer.shape,
    ...address,
    comment,
    deliveryMethod,
    paymentMethod,
    acceptTerms: z.boolean().pipe(acceptTerms),
  })
  .superRefine((form, context) => {
    if (ADDRESS_REQUIRED[form.deliveryMethod]) {
      for (const field of DOOR_ADDRESS) {
        if (!form[field]) context.addIssue({ code: 'custom', path: [field], message: field });
      }
    }
    if (form.deliveryMethod === 'courier_pickup' && !form.pickupPoint) {
      context.addIssue({ code: 'custom', path: ['pickupPoint'], message: 'pickupPoint' });
    }
  });

/** What the inputs hold (every text a string, the terms box a boolean). */
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
/** The checked form: trimmed texts, the email lower-cased, terms accepted. */
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

/** A cart line as the order needs it. */
export interface CheckoutLine {
  type: CreateOrderBody['items'][number]['type'];
  id: string;
  quantity: number;
  bookFormat?: BookFormat | null | undefined;
}

/**
 * The POST /orders body from the checked form and the cart: empty optional texts are left out, a
 * cart without physical goods has no delivery (pickup), the currency is the one the order is placed in.
 */
export function toCreateOrderBody(
  form: CheckoutForm,
  lines: readonly CheckoutLine[],
  { hasPhysical, currency }: { hasPhysical: boolean; currency: Currency },
): CreateOrderBody {
  return {
    items: lines.map((item) => ({
      type: item.type,
      id: item.id,
      quantity: item.quantity,
      ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}),
    })),
    customer: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
    delivery: {
      method: hasPhysical ? form.deliveryMethod : 'pickup',
      ...(form.country ? { country: form.country } : {}),
      ...(form.city ? { city: form.city } : {}),
      ...(form.address ? { address: form.address } : {}),
      ...(form.postalCode ? { postalCode: form.postalCode } : {}),
      ...(form.pickupPoint ? { pickupPoint: form.pickupPoint } : {}),
    },
    paymentMethod: form.paymentMethod,
    currency,
    ...(form.comment ? { comment: form.comment } : {}),
    acceptTerms: true,
  };
}
