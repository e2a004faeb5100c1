import { DEFAULT_GIFT_SETTINGS, GiftCertificateSettingsSchema, IssueGiftCertificateBody } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { issueBody, issueFormDefaults, parsePresets, settingsBody, settingsFormOf } from './gift-admin-forms';

describe('issuing a certificate by hand', () => {
  it('sends the amount and only the texts given; no delivery day when it is not mailed', () => {
    const form = { ...issueFormDefaults('ru'), amount: '1 500,5', sendMail: false, deliveryDate: '2026-03-10' };
    expect(issueBody({ ...form, note: ' giveaway ' })).toEqual({
      amount: 1500.5,
      currency: 'RUB',
      sendMail: false,
      language: 'ru',
      note: 'giveaway',
    });
  });

  it.each([
    ['a mailed one without an address', { amount: '1000', recipientName: 'Аня' }, 'recipientEmail'],
    ['a mailed one without a name', { amount: '1000', recipientEmail: 'a@b.cd' }, 'recipientName'],
    ['no amount', { recipientName: 'Аня', recipientEmail: 'a@b.cd' }, 'amount'],
  ])('the shared schema refuses %s', (_name, extra, field) => {
    const result = IssueGiftCertificateBody.safeParse(issueBody({ ...issueFormDefaults('ru'), ...extra }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});

describe('presets and limits', () => {
  it.each([
    ['1000; 3000; 5000', [1000, 3000, 5000]],
    ['1000 3000', [1000, 3000]],
    ['12,5, 20', [12.5, 20]],
    ['1 000; 3 000; 5\u00a0000', [1000, 3000, 5000]],
    ['1 000,50; 20', [1000.5, 20]],
    ['1000; ten', [1000, Number.NaN]],
    ['', []],
  ])('%j → %j', (text, amounts) => {
    expect(parsePresets(text)).toEqual(amounts);
  });

  it('round-trips the settings through the form', () => {
    const body = settingsBody(settingsFormOf(DEFAULT_GIFT_SETTINGS));
    expect(body).toEqual(DEFAULT_GIFT_SETTINGS);
    expect(GiftCertificateSettingsSchema.safeParse(body).success).toBe(true);
  });

  it('a preset outside the limits is refused by the shared schema, under that preset', () => {
    const form = settingsFormOf(DEFAULT_GIFT_SETTINGS);
    form.EUR.presets = '20; 5000';
    const result = GiftCertificateSettingsSchema.safeParse(settingsBody(form));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['EUR.presets.1', 'giftPresetOutOfLimits'],
    ]);
  });
});
