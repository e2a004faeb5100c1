import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@atelier/shared/messages/orders';
import { describe, expect, it } from 'vitest';
import en from './en/index';
import es from './es/index';
import ru from './ru/index';
import { mergeTrees, type Tree } from './tree';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

/** Plural forms differ per language (ru: one/few/many/other, en: one/other): compare base keys. */
const baseKeys = (tree: Tree) =>
  new Set([...flatten(tree).keys()].map((key) => key.replace(/_(one|few|many|other)$/, '')));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('every interface string exists in ru, en and es', () => {
  const reference = baseKeys(ru);
  it.each([
    ['en', en],
    ['es', es],
  ] as const)('%s has exactly the keys of ru', (_name, tree) => {
    expect([...baseKeys(tree)].sort()).toEqual([...reference].sort());
  });

  it.each([
    ['ru', ru],
    ['en', en],
    ['es', es],
  ] as const)('%s has no empty texts', (_name, tree) => {
    expect([...flatten(tree)].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('%s uses the same {{placeholders}} as ru', (_name, tree) => {
    const ours = flatten(tree);
    const mismatched = [...flatten(ru)]
      .filter(([key]) => ours.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(ours.get(key) ?? '').join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe('the fixed product texts are exact in ru', () => {
  it.each([
    ['admin.denied.title', 'Доступ запрещён'],
    ['admin.denied.text', 'У вас нет прав для доступа к данной странице.'],
    ['errors.forbidden', 'Доступ запрещён'],
    ['errors.notFound', 'Ресурс не найден'],
    ['errors.server', 'Ошибка сервера. Попробуйте позже'],
    ['errors.network', 'Ошибка сети. Проверьте подключение'],
    ['errors.lazyLoad', 'Что-то пошло не так. Попробуйте обновить страницу.'],
    ['cart.cleared', 'Корзина очищена'],
    ['cart.removed', 'Товар удалён из корзины'],
    ['reviews.sent', 'Отзыв отправлен на модерацию'],
    ['auth.loggedIn', 'Успешный вход в систему'],
    ['auth.loggedOut', 'Вы вышли из системы'],
  ])('%s = %s', (key, text) => {
    expect(flatten(ru).get(key)).toBe(text);
  });
});

describe('locale files are split by feature', () => {
  it('refuses a top-level key defined in two files', () => {
    expect(() => mergeTrees([{ shop: { a: 'x' } }, { shop: { b: 'y' } }])).toThrow(/shop/);
  });
});

describe('labels shared with the server mails', () => {
  it.each([
    ['ru', ru],
    ['en', en],
    ['es', es],
  ] as const)('%s reads order status and payment method labels from @atelier/shared', (lang, tree) => {
    const texts = flatten(tree);
    for (const [status, label] of Object.entries(ORDER_STATUS_LABELS)) {
      expect(texts.get(`labels.orderStatus.${status}`), status).toBe(label[lang]);
    }
    for (const [method, label] of Object.entries(PAYMENT_METHOD_LABELS)) {
      expect(texts.get(`labels.paymentMethod.${method}`), method).toBe(label[lang]);
    }
  });
});
