/** Texts of the home page content: the server's answers and the home page's head texts. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const LANDING_MESSAGES = {
  aboutSaved: { ru: 'Раздел «Обо мне» сохранён', en: 'About section saved', es: 'Sección «Sobre mí» guardada' },
  landingSaved: { ru: 'Настройки сайта сохранены', en: 'Site settings saved', es: 'Ajustes del sitio guardados' },
} satisfies Record<string, Texts>;

export const LANDING_PAGE_TEXTS = {
  home: {
    title: pageTitle('home'),
    /** Also the description of every page that has none of its own. */
    description: {
      ru: 'Авторские цветы из шёлка ручной работы: портфолио, магазин букетов, книг, инструментов и материалов, видеоуроки по флористике из ткани.',
      en: 'Handmade silk flowers by an independent artisan: portfolio, a shop of bouquets, books, tools and materials, and video lessons in fabric floristry.',
      es: 'Flores de seda hechas a mano por una artesana: portafolio, tienda de ramos, libros, herramientas y materiales, y videolecciones de floristería en tela.',
    },
  },
} satisfies Record<string, PageText>;
