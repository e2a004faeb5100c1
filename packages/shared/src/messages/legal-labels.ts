/**
 * The legal labels the web and the server share, in ru, en and es: a module of their own, so the
 * web's texts take them without the server's answers (messages/legal.ts re-exports them).
 */
import type { Texts } from '../texts';

/** The name of each document (the web's `labels.legalKind.<kind>`, the admin's CSV). */
export const LEGAL_KIND_LABELS = {
  terms: { ru: 'Публичная оферта', en: 'Terms of offer', es: 'Condiciones de la oferta' },
  privacy: { ru: 'Политика конфиденциальности', en: 'Privacy policy', es: 'Política de privacidad' },
  agreement: { ru: 'Пользовательское соглашение', en: 'User agreement', es: 'Acuerdo de usuario' },
  'personal-data': {
    ru: 'Согласие на обработку персональных данных',
    en: 'Consent to personal data processing',
    es: 'Consentimiento para el tratamiento de datos personales',
  },
  'cross-border': {
    ru: 'Согласие на трансграничную передачу данных',
    en: 'Consent to cross-border data transfer',
    es: 'Consentimiento para la transferencia internacional de datos',
  },
  cookies: { ru: 'Уведомление о cookie', en: 'Cookie notice', es: 'Aviso de cookies' },
  marketing: {
    ru: 'Согласие на рекламную рассылку',
    en: 'Consent to marketing emails',
    es: 'Consentimiento para correos comerciales',
  },
} satisfies Record<string, Texts>;

/** Where a consent was given or withdrawn (`labels.consentSource.<source>`). */
export const CONSENT_SOURCE_LABELS = {
  registration: { ru: 'Регистрация', en: 'Registration', es: 'Registro' },
  checkout: { ru: 'Оформление заказа', en: 'Checkout', es: 'Pedido' },
  purchase: { ru: 'Покупка урока или курса', en: 'Lesson or course purchase', es: 'Compra de lección o curso' },
  cookie_banner: { ru: 'Баннер cookie', en: 'Cookie banner', es: 'Banner de cookies' },
  account: { ru: 'Личный кабинет', en: 'Account', es: 'Cuenta' },
  account_deletion: { ru: 'Удаление аккаунта', en: 'Account deletion', es: 'Eliminación de la cuenta' },
} satisfies Record<string, Texts>;
