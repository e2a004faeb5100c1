/**
 * Texts of the account (profile, password, deletion): the server's answers and the account
 * page's head text.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const USERS_MESSAGES = {
  passwordChanged: {
    ru: 'Пароль успешно изменён',
    en: 'Password changed successfully',
    es: 'Contraseña cambiada correctamente',
  },
  profileUpdated: { ru: 'Профиль обновлён', en: 'Profile updated', es: 'Perfil actualizado' },
  marketingConsentOn: {
    ru: 'Вы будете получать напоминания и новости по почте',
    en: 'You will get reminders and news by email',
    es: 'Recibirá recordatorios y novedades por correo',
  },
  marketingConsentOff: {
    ru: 'Напоминаний и новостей по почте больше не будет',
    en: 'You will no longer get reminders and news by email',
    es: 'Ya no recibirá recordatorios ni novedades por correo',
  },
  accountDeleted: {
    ru: 'Ваш аккаунт удалён',
    en: 'Your account has been deleted',
    es: 'Su cuenta ha sido eliminada',
  },
} satisfies Record<string, Texts>;

export const USERS_PAGE_TEXTS = {
  account: { title: pageTitle('account') },
} satisfies Record<string, PageText>;
