import { DEFAULT_GIFT_SETTINGS, type GiftCertificateOffer } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM,
  type GiftFormInput,
  GiftFormSchema,
  giftFormDefaults,
  giftFormProblems,
  parseAmount,
  toBuyBody,
} from './gift-form';

const offer: GiftCertificateOffer = { settings: DEFAULT_GIFT_SETTINGS, today: '2026-03-10', lastDate: '2027-03-10' };

const form = (extra: Partial<GiftFormInput> = {}): GiftFormInput => ({
  ...giftFormDefaults(offer, 'RUB', 'ru', 'Анна'),
  recipientName: 'Мария',
  recipientEmail: 'Maria@Example.com',
  ...extra,
});

/** The field paths with their messages, or the body it would send. */
function check(input: GiftFormInput) {
  const result = GiftFormSchema.safeParse(input);
  const errors = [
    ...(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []),
    ...giftFormProblems(offer, input).map((problem) => [problem.path, problem.message]),
  ];
  return errors.length === 0 && result.success ? { body: toBuyBody(result.data) } : { errors };
}

describe('parseAmount: what people type as an amount', () => {
  it.each([
    ['1500', 1500],
    ['1 500', 1500],
    ['1500,50', 1500.5],
    ['1500.5', 1500.5],
    ['1 500,05', 1500.05],
    ['1500,555', Number.NaN],
    ['-5', Number.NaN],
    ['', Number.NaN],
    ['abc', Number.NaN],
  ])('%j → %d', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });
});

describe('the gift certificate form', () => {
  it('starts on the first preset of the currency, today and the site language', () => {
    expect(giftFormDefaults(offer, 'EUR', 'es', 'Ana')).toMatchObject({
      currency: 'EUR',
      choice: '20',
      deliveryDate: '2026-03-10',
      language: 'es',
      senderName: 'Ana',
    });
    expect(giftFormDefaults(undefined, 'RUB', 'ru', '')).toMatchObject({ choice: CUSTOM, deliveryDate: '' });
  });

  it('sends a preset or a typed amount, the email lower-cased, no empty message', () => {
    expect(check(form())).toEqual({
      body: {
        amount: 1000,
        currency: 'RUB',
        recipientName: 'Мария',
        recipientEmail: 'maria@example.com',
        deliveryDate: '2026-03-10',
        senderName: 'Анна',
        language: 'ru',
      },
    });
    expect(check(form({ choice: CUSTOM, customAmount: '2 500,50', message: ' С любовью ' })).body).toMatchObject({
      amount: 2500.5,
      message: 'С любовью',
    });
  });

  it.each([
    [{ choice: CUSTOM, customAmount: '100' }, 'customAmount', 'giftAmountBelowMin'],
    [{ choice: CUSTOM, customAmount: '1000000' }, 'customAmount', 'giftAmountAboveMax'],
    [{ choice: CUSTOM, customAmount: 'много' }, 'customAmount', 'common.moneyFormat'],
    [{ choice: CUSTOM, customAmount: '-1 500' }, 'customAmount', 'common.moneyNegative'],
    [{ choice: CUSTOM, customAmount: '1 500,505' }, 'customAmount', 'common.moneyDecimals'],
    [{ choice: CUSTOM, customAmount: '0' }, 'customAmount', 'giftAmountInvalid'],
    [{ currency: 'EUR', choice: '5000' }, 'choice', 'giftAmountAboveMax'],
    [{ deliveryDate: '2026-03-09' }, 'deliveryDate', 'giftDateInPast'],
    [{ deliveryDate: '2027-03-11' }, 'deliveryDate', 'giftDateTooFar'],
    [{ deliveryDate: '' }, 'deliveryDate', 'giftDateInvalid'],
    [{ recipientName: ' ' }, 'recipientName', 'giftRecipientNameRequired'],
    [{ recipientEmail: 'maria@' }, 'recipientEmail', 'emailInvalid'],
    [{ senderName: '' }, 'senderName', 'giftSenderNameRequired'],
  ] as const)('%j: %s says %s', (extra, path, message) => {
    expect(check(form(extra)).errors).toContainEqual([path, message]);
  });
});
