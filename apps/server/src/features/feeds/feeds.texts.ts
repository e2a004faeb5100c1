/**
 * The feeds' own words. The feeds are read in Russian (the shop's home market and the language of
 * its Yandex and Google listings); the other languages are kept beside it as for every server text.
 * The category names are the ones the shop's filters show (the web's `shop.categories` and
 * `shop.subcategories` texts).
 */
import type { ProductCategory, ProductSubcategory, Texts } from '@atelier/shared';

/** The language the feeds are written in. */
export const FEED_LANGUAGE = 'ru' as const;

export const FEED_TEXTS = {
  about: {
    ru: 'Цветы из шёлка ручной работы, книги, инструменты и материалы для флористики из ткани',
    en: 'Handmade silk flowers, books, tools and materials for fabric floristry',
    es: 'Flores de seda hechas a mano, libros, herramientas y materiales para floristería en tela',
  },
} satisfies Record<string, Texts>;

export const CATEGORY_TEXTS: Record<ProductCategory, Texts> = {
  collection: { ru: 'Цветы и украшения', en: 'Flowers & accessories', es: 'Flores y accesorios' },
  book: { ru: 'Книги', en: 'Books', es: 'Libros' },
  tools: { ru: 'Инструменты', en: 'Tools', es: 'Herramientas' },
  materials: { ru: 'Материалы для цветов', en: 'Flower-making materials', es: 'Materiales para flores' },
};

export const SUBCATEGORY_TEXTS: Record<ProductSubcategory, Texts> = {
  bouquets: { ru: 'Букеты и композиции', en: 'Bouquets & arrangements', es: 'Ramos y arreglos' },
  accessories: { ru: 'Украшения', en: 'Accessories', es: 'Accesorios' },
};
