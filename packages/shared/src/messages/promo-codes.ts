/** Texts of promo codes (for lessons and courses alike): the server's answers. */
import type { Texts } from '../texts';

export const PROMO_CODE_MESSAGES = {
  /** The one answer to any code that cannot be used: unknown, for another item, expired or used up. */
  promoDoesNotApply: {
    ru: 'Этот код не подходит',
    en: 'This code does not apply',
    es: 'Este código no es aplicable',
  },
  promoCodeRateLimited: {
    ru: 'Слишком много попыток ввести промокод. Попробуйте позже',
    en: 'Too many promo codes tried. Please try again later',
    es: 'Demasiados intentos con códigos promocionales. Inténtelo más tarde',
  },
  promoCodeTaken: {
    ru: 'Такой промокод уже существует',
    en: 'A promo code with this name already exists',
    es: 'Ya existe un código promocional con este nombre',
  },
} satisfies Record<string, Texts>;
