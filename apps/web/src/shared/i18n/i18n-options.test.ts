import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from './i18n-options';

const texts = {
  cart: {
    items_one: '{{count}} товар',
    items_few: '{{count}} товара',
    items_many: '{{count}} товаров',
    greeting: 'Здравствуйте, {{name}} <b>!</b>',
  },
};

function instance() {
  const i18n = i18next.createInstance();
  void i18n.init(i18nOptions('ru', texts));
  return i18n;
}

describe('the web i18next options', () => {
  it('start synchronously with the texts given', () => {
    const i18n = instance();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('cart.greeting', { name: 'Анна' })).toBe('Здравствуйте, Анна <b>!</b>');
  });

  it('pick the plural form of the language', () => {
    const i18n = instance();
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 товар');
    expect(i18n.t('cart.items', { count: 3 })).toBe('3 товара');
    expect(i18n.t('cart.items', { count: 11 })).toBe('11 товаров');
  });

  it('show the default value, else the key, for a missing text (no fallback language)', () => {
    const i18n = instance();
    expect(i18n.t('cart.nothing', { defaultValue: 'Пусто' })).toBe('Пусто');
    expect(i18n.t('cart.nothing')).toBe('cart.nothing');
    void i18n.changeLanguage('en');
    expect(i18n.t('cart.greeting', { name: 'Ann' })).toBe('cart.greeting');
  });

  it('take texts added later in, deep, without losing the first', () => {
    const i18n = instance();
    i18n.addResourceBundle('ru', 'translation', { cart: { empty: 'Корзина пуста' } }, true, false);
    expect(i18n.t('cart.empty')).toBe('Корзина пуста');
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 товар');
  });
});
