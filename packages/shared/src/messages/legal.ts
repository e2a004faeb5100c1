/** Texts of the legal pages: their head texts. */
import type { PageText } from '../texts';

export const LEGAL_PAGE_TEXTS = {
  privacy: {
    title: { ru: 'Политика конфиденциальности', en: 'Privacy policy', es: 'Política de privacidad' },
  },
  terms: { title: { ru: 'Публичная оферта', en: 'Terms of sale', es: 'Condiciones de venta' } },
  agreement: {
    title: { ru: 'Пользовательское соглашение', en: 'User agreement', es: 'Acuerdo de usuario' },
  },
} satisfies Record<string, PageText>;
