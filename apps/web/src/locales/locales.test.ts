import { PAGE_TEXTS } from '@atelier/shared/messages';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@atelier/shared/messages/orders';
import { describe, expect, it } from 'vitest';
import enAdmin from './en/admin/index';
import enFirst from './en/index';
import enLater from './en/later/index';
import esAdmin from './es/admin/index';
import esFirst from './es/index';
import esLater from './es/later/index';
import ruAdmin from './ru/admin/index';
import ruFirst from './ru/index';
import ruLater from './ru/later/index';
import { mergeArea, mergeTrees, type Tree } from './tree';

// Each language as the admin area sees it: its first and later texts with the admin texts laid in
// (no key twice).
const ruBase = mergeArea(ruFirst, ruLater);
const enBase = mergeArea(enFirst, enLater);
const esBase = mergeArea(esFirst, esLater);
const ru = mergeArea(ruBase, ruAdmin);
const en = mergeArea(enBase, enAdmin);
const es = mergeArea(esBase, esAdmin);

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

  it('lays the admin texts into a feature and refuses a key both define', () => {
    expect(mergeArea({ shop: { a: 'x' } }, { shop: { admin: { b: 'y' } } })).toEqual({
      shop: { a: 'x', admin: { b: 'y' } },
    });
    expect(() => mergeArea({ shop: { admin: { b: 'x' } } }, { shop: { admin: { b: 'y' } } })).toThrow(/shop\.admin\.b/);
  });

  it.each([
    ['ru', ruBase],
    ['en', enBase],
    ['es', esBase],
  ] as const)('%s keeps the admin-only texts out of the chunk every visitor loads', (_name, tree) => {
    const keys = [...flatten(tree).keys()];
    expect(keys.filter((key) => /^\w+\.(admin|\w+Admin)\./.test(key))).toEqual([]);
    expect(keys.filter((key) => key.startsWith('admin.dashboard.') || key.startsWith('admin.sections.'))).toEqual([]);
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

describe('page titles shared with the server head', () => {
  it.each([
    ['ru', ruLater],
    ['en', enLater],
    ['es', esLater],
  ] as const)('%s later texts hold every page title, the very words of the server <title>', (lang, tree) => {
    const texts = flatten(tree);
    const titles = [...texts].filter(([key]) => key.startsWith('pages.'));
    expect(titles).toHaveLength(Object.keys(PAGE_TEXTS).length);
    for (const [key, text] of Object.entries(PAGE_TEXTS)) expect(texts.get(`pages.${key}`), key).toBe(text.title[lang]);
  });
});

describe('percentages', () => {
  // A number and its sign apart by a breaking space ("90 %") can fall on two lines; a placeholder
  // glued to the sign ("{{percent}}%") bypasses the one formatter (shared/format/percent.ts).
  it.each([
    ['ru', ru],
    ['en', en],
    ['es', es],
  ] as const)('%s never writes the % sign after a breaking space or a placeholder', (_name, tree) => {
    const loose = [...flatten(tree)].filter(([, text]) => /[\d}] %|}}[\u00a0\u202f]?%/.test(text)).map(([key]) => key);
    expect(loose).toEqual([]);
  });
});

describe('the two kinds of certificate in the account', () => {
  // Course completion certificates and gift certificates are different things: never one name.
  it.each([
    ['ru', ru, 'Сертификаты об окончании', 'Подарочные сертификаты', 'подарочные'],
    ['en', en, 'Certificates of completion', 'Gift certificates', 'gift'],
    ['es', es, 'Certificados de finalización', 'Certificados de regalo', 'de regalo'],
  ] as const)('%s names them apart', (_name, tree, completion, gift, giftWord) => {
    const texts = flatten(tree);
    expect(texts.get('certificates.accountTitle')).toBe(completion);
    expect(texts.get('account.gift-certificates')).toBe(gift);
    // The link to the account's gift certificates says which ones too.
    expect(texts.get('giftCertificates.mine')?.toLowerCase()).toContain(giftWord);
  });
});

describe('every literal key the code asks for names a text', () => {
  it("t('…') with a fixed key resolves to a string (or its plural forms) in ru, never to a group", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(__dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const texts = baseKeys(ru);
    const asked = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) {
        if (match[1]!.includes('.')) asked.add(match[1]!);
      }
    }
    expect(asked.size).toBeGreaterThan(500);
    expect([...asked].filter((key) => !texts.has(key)).sort()).toEqual([]);
  });
});
