/**
 * Every area the artisan manages, each mounted at `/admin/<path>/*`. Its label
 * (`admin.sections.<key>`) is the menu's text and the page's heading: one name per section.
 */
export const ADMIN_SECTIONS = [
  { key: 'dashboard', path: '', resource: false },
  { key: 'portfolio', path: 'portfolio', resource: true },
  { key: 'shop', path: 'shop', resource: true },
  { key: 'landing', path: 'landing', resource: true },
  { key: 'reviews', path: 'reviews', resource: false },
  { key: 'studentWorks', path: 'student-works', resource: false },
  { key: 'orders', path: 'orders', resource: false },
  { key: 'customOrders', path: 'custom-orders', resource: false },
  { key: 'lessons', path: 'lessons', resource: true },
  { key: 'promoCodes', path: 'promo-codes', resource: true },
  { key: 'giftCertificates', path: 'gift-certificates', resource: true },
  { key: 'courses', path: 'courses', resource: true },
  { key: 'users', path: 'users', resource: true },
  { key: 'legal', path: 'legal', resource: true },
  { key: 'consents', path: 'consents', resource: false },
  { key: 'mails', path: 'mails', resource: false },
  { key: 'settings', path: 'settings', resource: false },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The menu, grouped the way the owner's day runs: what sells, what is for sale, what the site
 * says, who the people are, how the shop is set up. Labels: `admin.groups.<key>`.
 */
export const ADMIN_GROUPS = [
  { key: 'sales', sections: ['dashboard', 'orders', 'customOrders', 'giftCertificates'] },
  { key: 'catalogue', sections: ['shop', 'lessons', 'courses', 'promoCodes'] },
  { key: 'content', sections: ['landing', 'portfolio', 'reviews', 'studentWorks', 'legal', 'mails'] },
  { key: 'people', sections: ['users', 'consents'] },
  { key: 'settings', sections: ['settings'] },
] as const satisfies readonly { key: string; sections: readonly AdminSectionKey[] }[];

export type AdminGroupKey = (typeof ADMIN_GROUPS)[number]['key'];

const BY_KEY = new Map<AdminSectionKey, AdminSection>(ADMIN_SECTIONS.map((section) => [section.key, section]));

/** The groups with their sections, in menu order. */
export function groupedSections(): { key: AdminGroupKey; sections: AdminSection[] }[] {
  return ADMIN_GROUPS.map((group) => ({
    key: group.key,
    sections: group.sections.map((key) => {
      const section = BY_KEY.get(key);
      if (!section) throw new Error(`Unknown admin section ${key}`);
      return section;
    }),
  }));
}

export function sectionHref(section: AdminSection): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}
