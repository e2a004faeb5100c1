import { describe, expect, it } from 'vitest';
import { type CheckoutForm, CheckoutFormSchema } from './checkout-schema';

const valid: CheckoutForm = {
  firstName: 'Анна',
  lastName: 'Петрова',
  email: 'anna@example.com',
  phone: '+7 (900) 123-45-67',
  country: 'Россия',
  city: 'Москва',
  address: 'ул. Цветочная, 1',
  postalCode: '101000',
  pickupPoint: '',
  comment: '',
  deliveryMethod: 'standard',
  paymentMethod: 'card',
  acceptTerms: true,
};

function firstIssue(change: Partial<CheckoutForm>): string | null {
  const result = CheckoutFormSchema.safeParse({ ...valid, ...change });
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('checkout form (SPEC §3, §5)', () => {
  it.each([
    ['a complete form', {}, null],
    ['terms not accepted', { acceptTerms: false }, 'terms'],
    ['phone with letters', { phone: '+7 900 CALL ME' }, 'phoneInvalid'],
    ['phone too short', { phone: '12345' }, 'phoneInvalid'],
    ['email without domain', { email: 'anna@' }, 'emailInvalid'],
    ['empty email', { email: '  ' }, 'emailRequired'],
    ['courier to a door without address', { address: '' }, 'address'],
    ['pickup needs no address', { deliveryMethod: 'pickup', address: '', city: '', country: '', postalCode: '' }, null],
    ['CDEK pickup point missing', { deliveryMethod: 'courier_pickup', address: '' }, 'pickupPoint'],
    [
      'CDEK pickup point given',
      { deliveryMethod: 'courier_pickup', address: '', pickupPoint: 'СДЭК, ул. Ленина, 5' },
      null,
    ],
  ] as const)('%s → %s', (_name, change, expected) => {
    expect(firstIssue(change)).toBe(expected);
  });
});
