/**
 * Texts of the account (profile, password, deletion): the server's answers and the account
 * page's head text.
 */
import type { PageText, Texts } from '../texts';

export const USERS_MESSAGES = {
  passwordChanged: {
    ru: 'Пароль успешно изменён',
    en: 'Password changed successfully',
    es: 'Contraseña cambiada correctamente',
  },
  profileUpdated: { ru: 'Профиль обновлён', en: 'Profile updated', es: 'Perfil actualizado' },
  accountDeleted: {
    ru: 'Ваш аккаунт удалён',
    en: 'Your account has been deleted',
    es: 'Su cuenta ha sido eliminada',
  },
} satisfies Record<string, Texts>;

export const USERS_PAGE_TEXTS = {
  account: { title: { ru: 'Личный кабинет', en: 'My account', es: 'Mi cuenta' } },
} satisfies Record<string, PageText>;
