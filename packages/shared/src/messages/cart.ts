/** Texts of the cart: its server message and the head text of its page. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const CART_MESSAGES = {
  cartLoginRequired: {
    ru: 'Войдите, чтобы добавлять товары в корзину',
    en: 'Please log in to add items to cart',
    es: 'Inicie sesión para añadir artículos al carrito',
  },
} satisfies Record<string, Texts>;

export const CART_PAGE_TEXTS = {
  cart: { title: pageTitle('cart') },
} satisfies Record<string, PageText>;
