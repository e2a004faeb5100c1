/** Texts of promo codes (for lessons and courses alike): the server's answers. */
import type { Texts } from '../texts';

export const PROMO_CODE_MESSAGES = {
  promoInvalid: {
    ru: 'Промокод не найден',
    en: 'This promo code does not exist',
    es: 'Este código promocional no existe',
  },
  promoExpired: {
    ru: 'Срок действия промокода истёк',
    en: 'This promo code has expired',
    es: 'Este código promocional ha caducado',
  },
  promoUsedUp: {
    ru: 'Промокод уже использован максимальное число раз',
    en: 'This promo code has been used up',
    es: 'Este código promocional ya se ha agotado',
  },
  promoNotForLesson: {
    ru: 'Промокод не действует для этого урока',
    en: 'This promo code does not apply to this lesson',
    es: 'Este código promocional no es válido para esta lección',
  },
  promoNotForCourse: {
    ru: 'Промокод не действует для этого курса',
    en: 'This promo code does not apply to this course',
    es: 'Este código promocional no es válido para este curso',
  },
  promoCodeTaken: {
    ru: 'Такой промокод уже существует',
    en: 'A promo code with this name already exists',
    es: 'Ya existe un código promocional con este nombre',
  },
} satisfies Record<string, Texts>;
