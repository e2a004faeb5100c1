import { ADDRESS_REQUIRED, DELIVERY_METHODS, PAYMENT_METHODS, PHONE_PATTERN } from '@atelier/shared';
import { z } from 'zod';

const required = (message: string) => z.string().trim().min(1, message);

/**
 * SPEC §3 checkout fields. Messages are i18n keys (checkout.errors.*) so the form shows them in
 * the visitor's language. Address fields are required only for methods that deliver to a door.
 */
export const CheckoutFormSchema = z
  .object({
    firstName: required('firstName'),
    lastName: required('lastName'),
    email: required('emailRequired').pipe(z.email('emailInvalid')),
    phone: required('phoneRequired').regex(PHONE_PATTERN, 'phoneInvalid'),
    country: z.string().trim().max(100),
    city: z.string().trim().max(100),
    address: z.string().trim().max(300),
    postalCode: z.string().trim().max(20),
    pickupPoint: z.string().trim().max(300),
    comment: z.string().trim().max(1000),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    paymentMethod: z.enum(PAYMENT_METHODS),
    acceptTerms: z.boolean().refine((value) => value, 'terms'),
  })
  .superRefine((form, context) => {
    if (ADDRESS_REQUIRED[form.deliveryMethod]) {
      for (const field of ['country', 'city', 'address', 'postalCode'] as const) {
        if (!form[field]) context.addIssue({ code: 'custom', path: [field], message: field });
      }
    }
    if (form.deliveryMethod === 'courier_pickup' && !form.pickupPoint) {
      context.addIssue({ code: 'custom', path: ['pickupPoint'], message: 'pickupPoint' });
    }
  });

export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;
