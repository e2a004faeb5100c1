import { CreateOrderBody } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { type CheckoutFormInput, CheckoutFormSchema, checkoutResolver, toCreateOrderBody } from './checkout-schema';

const valid: CheckoutFormInput = {
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
  personalData: true,
  crossBorder: false,
};

function firstIssue(change: Partial<CheckoutFormInput>): string | null {
  const result = CheckoutFormSchema.safeParse({ ...valid, ...change });
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('checkout form', () => {
  it.each([
    ['a complete form', {}, null],
    ['terms not accepted', { acceptTerms: false }, 'termsRequired'],
    ['no consent to personal-data processing', { personalData: false }, 'personalDataConsentRequired'],
    ['PayPal without the cross-border consent', { paymentMethod: 'paypal' }, 'crossBorderConsentRequired'],
    ['PayPal with the cross-border consent', { paymentMethod: 'paypal', crossBorder: true }, null],
    ['a card needs no cross-border consent', { paymentMethod: 'card', crossBorder: false }, null],
    ['a country named in English', { country: 'Kazakhstan' }, null],
    ['a country that is none', { country: 'Атлантида' }, 'countryUnknown'],
    ['pickup does not read the country', { deliveryMethod: 'pickup', country: 'Атлантида' }, null],
    ['first name blank', { firstName: '   ' }, 'firstNameRequired'],
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

describe('the checkout form builds the POST /orders body', () => {
  const lines = [
    { type: 'product' as const, id: '7b0c5c1e-3f1a-4c55-9d0e-5b2a1f3c4d5e', quantity: 2, bookFormat: null },
    { type: 'lesson' as const, id: '0f4e2d1c-9b8a-4765-8432-1a2b3c4d5e6f', quantity: 1 },
  ];
  const body = (change: Partial<CheckoutFormInput>, hasPhysical = true) =>
    toCreateOrderBody(CheckoutFormSchema.parse({ ...valid, ...change }), lines, {
      hasPhysical,
      currency: 'RUB',
      consents: [{ kind: 'personal-data', language: 'ru', version: 3 }],
    });

  it('that CreateOrderBody (the server schema) accepts, leaving out empty optional texts', () => {
    const built = body({ comment: '  ' });
    expect(CreateOrderBody.safeParse(built).success).toBe(true);
    expect(built.delivery).toEqual({
      method: 'standard',
      country: 'Россия',
      city: 'Москва',
      address: 'ул. Цветочная, 1',
      postalCode: '101000',
    });
    expect(built).not.toHaveProperty('comment');
    expect(built.consents).toEqual([{ kind: 'personal-data', language: 'ru', version: 3 }]);
    expect(built.items).toEqual([
      { type: 'product', id: lines[0]?.id, quantity: 2 },
      { type: 'lesson', id: lines[1]?.id, quantity: 1 },
    ]);
  });

  it('carries the CDEK point chosen from the list (the server reads its address and price)', () => {
    const built = body({
      deliveryMethod: 'courier_pickup',
      pickupPoint: 'На Баумана, Россия, Казань, ул. Баумана, 58',
      cdekPointCode: 'KZN3',
    });
    expect(CreateOrderBody.safeParse(built).success).toBe(true);
    expect(built.delivery).toMatchObject({ method: 'courier_pickup', cdekPointCode: 'KZN3' });
    expect(body({ cdekPointCode: '' }).delivery).not.toHaveProperty('cdekPointCode');
  });

  it('without a delivery for a cart without physical goods', () => {
    expect(body({ deliveryMethod: 'express', city: 'Москва' }, false)).not.toHaveProperty('delivery');
  });
});

describe('the checkout resolver', () => {
  it('reports a missing pickup point together with the unticked terms (not one after the other)', async () => {
    const form = { ...valid, deliveryMethod: 'courier_pickup' as const, acceptTerms: false, firstName: '' };
    const { errors } = await checkoutResolver()(form, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual({
      firstName: 'firstNameRequired',
      pickupPoint: 'pickupPoint',
      acceptTerms: 'termsRequired',
    });
  });

  it('reports the missing cross-border consent with the other problems when paying through PayPal', async () => {
    const form = { ...valid, paymentMethod: 'paypal' as const, personalData: false, firstName: '' };
    const { errors } = await checkoutResolver()(form, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual({
      firstName: 'firstNameRequired',
      personalData: 'personalDataConsentRequired',
      crossBorder: 'crossBorderConsentRequired',
    });
  });
});
