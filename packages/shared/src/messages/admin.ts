/** The admin panel's texts: the head text of its pages. */
import { pageTitle } from '../page-titles';
import type { PageText } from '../texts';

export const ADMIN_PAGE_TEXTS = {
  admin: { title: pageTitle('admin') },
} satisfies Record<string, PageText>;
