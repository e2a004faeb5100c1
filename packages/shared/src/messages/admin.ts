/** The admin panel's texts: the head text of its pages. */
import type { PageText } from '../texts';

export const ADMIN_PAGE_TEXTS = {
  admin: { title: { ru: 'Панель администратора', en: 'Admin panel', es: 'Panel de administración' } },
} satisfies Record<string, PageText>;
