import {
  ADDRESS_REQUIRED,
  type BookFormat,
  CreateOrderBody,
  type Currency,
  type DeliveryMethod,
  type LegalDocumentRef,
  type PaymentMethod,
  resolveCountry,
} from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { type FormRuleProblem, withFormRules } from '../../shared/forms/write-resolver';

/*
 * The checkout form is CreateOrderBody (the schema POST /orders validates) laid out flat: the same
 * field schemas, so the same limits and message keys, under the form's field names. Three things are
 * the form's own: the terms box holds false until ticked, which address fields are required
 * depends on the delivery method (the server checks that after pricing the cart), and the consent
 * boxes (personal data always, the cross-border transfer for PayPal) become the versions of the
 * texts they name. Messages are shared keys; `checkout.errors.<key>` gives the checkout its own
 * wording where it has one.
 */
const { customer, delivery, paymentMethod, comment, acceptTerms } = CreateOrderBody.shape;
const { method: deliveryMethod, ...address } = delivery.unwrap().shape;

/** Door-delivery address fields (required by ADDRESS_REQUIRED[method]); messages are checkout.errors keys. */
const DOOR_ADDRESS = ['country', 'city', 'address', 'postalCode'] as const;

/** The address fields the chosen delivery method needs and the form lacks (message = field name). */
export function missingAddress(form: {
  deliveryMethod: DeliveryMethod;
  country?: string | undefined;
  city?: string | undefined;
  address?: string | undefined;
  postalCode?: string | undefined;
  pickupPoint?: string | undefined;
}): FormRuleProblem[] {
  const missing: FormRuleProblem[] = [];
  if (ADDRESS_REQUIRED[form.deliveryMethod]) {
    for (const field of DOOR_ADDRESS) if (!form[field]?.trim()) missing.push({ path: field, message: field });
    // A country typed that names none (the list offers every country by name).
    if (form.country?.trim() && resolveCountry(form.country) === null) {
      missing.push({ path: 'country', message: 'countryUnknown' });
    }
  }
  if (form.deliveryMethod === 'courier_pickup' && !form.pickupPoint?.trim()) {
    missing.push({ path: 'pickupPoint', message: 'pickupPoint' });
  }
  return missing;
}

/** Paying through PayPal sends data abroad: its own consent box must be ticked. */
export function missingConsents(form: {
  paymentMethod: PaymentMethod;
  crossBorder?: boolean | undefined;
}): FormRuleProblem[] {
  return form.paymentMethod === 'paypal' && !form.crossBorder
    ? [{ path: 'crossBorder', message: 'crossBorderConsentRequired' }]
    : [];
}

const formRules = (form: Parameters<typeof missingAddress>[0] & Parameters<typeof missingConsents>[0]) => [
  ...missingAddress(form),
  ...missingConsents(form),
];

export const CheckoutFormSchema = z
  .object({
    ...customer.shape,
    ...address,
    comment,
    deliveryMethod,
    paymentMethod,
    acceptTerms: z.boolean().pipe(acceptTerms),
    personalData: z.boolean().refine((value) => value, 'personalDataConsentRequired'),
    crossBorder: z.boolean(),
  })
  .superRefine((form, context) => {
    for (const { path, message } of formRules(form)) context.addIssue({ code: 'custom', path: [path], message });
  });

/** What the inputs hold (every text a string, the terms box a boolean). */
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
/** The checked form: trimmed texts, the email lower-cased, terms accepted. */
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

/** The form's resolver: a missing address or consent is reported together with the other fields' messages. */
export const checkoutResolver = () => withFormRules(zodResolver(CheckoutFormSchema), formRules);

/** A cart line as the order needs it. */
export interface CheckoutLine {
  type: CreateOrderBody['items'][number]['type'];
  id: string;
  quantity: number;
  bookFormat?: BookFormat | null | undefined;
}

/**
 * The POST /orders body from the checked form and the cart: empty optional texts are left out, a
 * cart without physical goods (lessons, courses, digital books) has no delivery, the currency is
 * the one the order is placed in, the consents those the page showed.
 */
export function toCreateOrderBody(
  form: CheckoutForm,
  lines: readonly CheckoutLine[],
  {
    hasPhysical,
    currency,
    consents,
  }: {
    hasPhysical: boolean;
    currency: Currency;
    /** The versions of the consent texts the boxes named (`checkoutConsents(paymentMethod)`). */
    consents: LegalDocumentRef[];
  },
): CreateOrderBody {
  return {
    items: lines.map((item) => ({
      type: item.type,
      id: item.id,
      quantity: item.quantity,
      ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}),
    })),
    customer: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
    ...(hasPhysical
      ? {
          delivery: {
            method: form.deliveryMethod,
            ...(form.country ? { country: form.country } : {}),
            ...(form.city ? { city: form.city } : {}),
            ...(form.address ? { address: form.address } : {}),
            ...(form.postalCode ? { postalCode: form.postalCode } : {}),
            ...(form.pickupPoint ? { pickupPoint: form.pickupPoint } : {}),
            ...(form.cdekPointCode ? { cdekPointCode: form.cdekPointCode } : {}),
          },
        }
      : {}),
    paymentMethod: form.paymentMethod,
    currency,
    ...(form.comment ? { comment: form.comment } : {}),
    acceptTerms: true,
    consents,
  };
}
