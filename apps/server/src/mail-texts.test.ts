import { LANGUAGES, placeholdersOf, type Texts } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { AUTH_MAIL_TEXTS } from './features/auth/auth.mail';
import { CART_MAIL_TEXTS } from './features/cart/cart.mail';
import { CDEK_MAIL_TEXTS } from './features/cdek/cdek.mail';
import { CUSTOM_MAIL_TEXTS } from './features/custom-orders/custom-orders.mail';
import { GIFT_MAIL_TEXTS } from './features/gift-certificates/gift-certificates.mail';
import { NOTICE_TEXTS } from './features/notifications/notifications.texts';
import {
  BOOK_FORMAT_MAIL_NAMES,
  DELIVERY_METHOD_MAIL_NAMES,
  ORDER_MAIL_TEXTS,
  PAYMENT_MAIL_NAMES,
} from './features/orders/orders.mail';
import { PAYMENT_INSTRUCTION_TEXTS, PAYMENT_MAIL_TEXTS, SANDBOX_TEXTS } from './features/payments/payments.texts';
import { STOCK_ALERT_MAIL_TEXTS } from './features/stock-alerts/stock-alerts.mail';
import { LAYOUT_TEXTS } from './platform/mail/layout';

/** The words of every mail and server-rendered page a feature writes (the messages are in @atelier/shared). */
const FILES: Record<string, Record<string, Texts>> = {
  'auth.mail': AUTH_MAIL_TEXTS,
  'orders.mail': ORDER_MAIL_TEXTS,
  'orders.mail (delivery methods)': DELIVERY_METHOD_MAIL_NAMES,
  'orders.mail (book editions)': BOOK_FORMAT_MAIL_NAMES,
  'orders.mail (ways to pay)': PAYMENT_MAIL_NAMES,
  'payments.texts (mails)': PAYMENT_MAIL_TEXTS,
  'payments.texts (instructions)': PAYMENT_INSTRUCTION_TEXTS,
  'payments.texts (sandbox page)': SANDBOX_TEXTS,
  'notifications.texts': NOTICE_TEXTS,
  'stock-alerts.mail': STOCK_ALERT_MAIL_TEXTS,
  'cart.mail': CART_MAIL_TEXTS,
  'cdek.mail': CDEK_MAIL_TEXTS,
  'gift-certificates.mail': GIFT_MAIL_TEXTS,
  'custom-orders.mail': CUSTOM_MAIL_TEXTS,
  'mail layout': LAYOUT_TEXTS,
};

const entries = Object.entries(FILES).flatMap(([file, texts]) =>
  Object.entries(texts).map(([key, text]) => [`${file}: ${key}`, text] as const),
);

describe('every mail text exists in ru, en and es', () => {
  it('has exactly ru, en and es, none blank', () => {
    expect(entries.length).toBeGreaterThan(60);
    const bad = entries
      .filter(
        ([, texts]) =>
          Object.keys(texts).sort().join() !== [...LANGUAGES].sort().join() ||
          LANGUAGES.some((lang) => texts[lang].trim() === ''),
      )
      .map(([name]) => name);
    expect(bad).toEqual([]);
  });

  it('uses the same {placeholders} in every language', () => {
    const bad = entries
      .filter(([, texts]) =>
        LANGUAGES.some((lang) => placeholdersOf(texts[lang]).join() !== placeholdersOf(texts.ru).join()),
      )
      .map(([name]) => name);
    expect(bad).toEqual([]);
  });
});

/** Placeholders that stand for a person's name as they typed it. */
const NAME_PLACEHOLDER = /\{(name|sender|recipient|customer|customerName|buyer|buyerName|author)\}/;
/** A word that would govern the name's case: Russian prepositions (and "для", "от" first of all). */
const RU_PREPOSITION =
  /(^|[\s(«"„])(от|для|у|к|ко|с|со|о|об|обо|по|при|без|до|из|на|за|про|через|над|под|перед|между)\s+$/i;

describe('a name is never declined', () => {
  it('no Russian mail text puts a name right after a preposition ("Сертификат для Ирина")', () => {
    const bad = entries.filter(([, texts]) =>
      [...texts.ru.matchAll(new RegExp(NAME_PLACEHOLDER, 'g'))].some((match) =>
        RU_PREPOSITION.test(texts.ru.slice(0, match.index)),
      ),
    );
    expect(bad.map(([name, texts]) => `${name}: ${texts.ru}`)).toEqual([]);
  });

  it.each([
    ['Послание от {sender}:', true],
    ['Подарочный сертификат для {recipient} оплачен', true],
    ['Отзыв от {name}', true],
    ['Получатель: {recipient}', false],
    ['{sender} дарит вам подарочный сертификат', false],
    ['Здравствуйте, {name}!', false],
  ])('the rule reads "%s" as declining a name: %s', (text, declined) => {
    const match = NAME_PLACEHOLDER.exec(text)!;
    expect(RU_PREPOSITION.test(text.slice(0, match.index))).toBe(declined);
  });
});
