import { describe, expect, it } from 'vitest';
import enAdmin from '../../locales/en/admin/index';
import enBase from '../../locales/en/index';
import esAdmin from '../../locales/es/admin/index';
import esBase from '../../locales/es/index';
import ruAdmin from '../../locales/ru/admin/index';
import ruBase from '../../locales/ru/index';
import { mergeArea, type Tree } from '../../locales/tree';
import { ADMIN_GROUPS, ADMIN_SECTIONS, groupedSections, sectionHref } from './admin-sections';

const LANGUAGES = {
  ru: mergeArea(ruBase, ruAdmin),
  en: mergeArea(enBase, enAdmin),
  es: mergeArea(esBase, esAdmin),
};

function text(tree: Tree, key: string): string | undefined {
  let at: Tree | string | undefined = tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/**
 * The sections whose page sets its heading from a key of its own feature (the others use
 * `admin.sections.<key>` itself): the menu label must read the same.
 */
const PAGE_HEADINGS: Partial<Record<(typeof ADMIN_SECTIONS)[number]['key'], string>> = {
  portfolio: 'portfolio.admin.title',
  shop: 'shop.admin.title',
  landing: 'landing.admin.title',
  reviews: 'reviews.admin.title',
  studentWorks: 'studentWorks.admin.title',
  customOrders: 'customOrders.admin.title',
  lessons: 'training.admin.title',
  promoCodes: 'training.promoAdmin.title',
  courses: 'training.coursesAdmin.title',
};

describe('the admin menu groups', () => {
  it('puts every section in exactly one group, and names no section that does not exist', () => {
    const grouped = ADMIN_GROUPS.flatMap((group) => [...group.sections]);
    expect([...grouped].sort()).toEqual(ADMIN_SECTIONS.map((section) => section.key).sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('has the groups the owner works in, in order, none empty', () => {
    expect(ADMIN_GROUPS.map((group) => group.key)).toEqual(['sales', 'catalogue', 'content', 'people', 'settings']);
    for (const group of groupedSections()) expect(group.sections.length).toBeGreaterThan(0);
    expect(ADMIN_GROUPS[0].sections).toEqual(['dashboard', 'orders', 'customOrders', 'giftCertificates']);
    expect(ADMIN_GROUPS[1].sections).toEqual(['shop', 'lessons', 'courses', 'promoCodes']);
    expect(ADMIN_GROUPS[3].sections).toEqual(['users', 'consents']);
  });

  it('links the dashboard to /admin and every other section to /admin/<path>, each address once', () => {
    const hrefs = ADMIN_SECTIONS.map(sectionHref);
    expect(hrefs[0]).toBe('/admin');
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const href of hrefs.slice(1)) expect(href).toMatch(/^\/admin\/[a-z-]+$/);
  });

  it.each(Object.entries(LANGUAGES))(
    '%s: every group and section has a label, one label per section',
    (_lang, tree) => {
      for (const group of ADMIN_GROUPS) expect(text(tree, `admin.groups.${group.key}`)).toBeTruthy();
      const labels = ADMIN_SECTIONS.map((section) => text(tree, `admin.sections.${section.key}`));
      for (const label of labels) expect(label).toBeTruthy();
      expect(new Set(labels).size).toBe(labels.length);
    },
  );

  it.each(Object.entries(LANGUAGES))("%s: the menu label is the section page's heading", (_lang, tree) => {
    for (const [section, key] of Object.entries(PAGE_HEADINGS)) {
      expect([section, text(tree, key)]).toEqual([section, text(tree, `admin.sections.${section}`)]);
    }
  });
});
