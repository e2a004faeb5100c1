/** The admin sidebar: every content area the artisan manages. */
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
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];
