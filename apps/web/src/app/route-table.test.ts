import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_LIST, PAGES } from '@atelier/shared/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PageRouteHandle } from '../shared/ssr/page-loader';
import { PAGE_ROUTES, RENDERED_PAGES, routeModuleName } from './page-routes';
import { routes } from './route-table';

function paths(route: RouteObject): string[] {
  return [...(route.path ? [route.path] : []), ...(route.children ?? []).flatMap(paths)];
}

describe('the router routes exactly the pages declared in @atelier/shared', () => {
  const routed = routes.flatMap(paths).filter((path) => path !== '*');

  it('every route is a declared page, once', () => {
    const declared = new Set(PAGE_LIST.map((page) => page.path));
    expect(routed.filter((path) => !declared.has(path))).toEqual([]);
    expect(new Set(routed).size).toBe(routed.length);
  });

  it('every declared page is routed', () => {
    expect(PAGE_LIST.map((page) => page.path).filter((path) => !routed.includes(path))).toEqual([]);
  });

  it('any other path goes to the declared not-found page', () => {
    const catchAll = routes.flatMap((route) => route.children ?? []).find((route) => route.path === '*');
    expect(catchAll?.element).toMatchObject({ props: { to: PAGES.notFound.path, replace: true } });
  });
});

describe('a server-rendered page is its route module', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files = [
    ...readdirSync(join(src, 'app/routes')).map((file) => `app/routes/${file}`),
    ...readdirSync(join(src, 'features')).flatMap((feature) => {
      const pages = join(src, 'features', feature, 'pages');
      return existsSync(pages) ? readdirSync(pages).map((file) => `features/${feature}/pages/${file}`) : [];
    }),
  ].filter((file) => file.endsWith('.route.tsx'));
  const pageRoutes = new Map(
    routes
      .flatMap((route) => route.children ?? [])
      .filter((route) => route.id !== undefined)
      .map((route) => [route.id, route.handle as PageRouteHandle | undefined]),
  );

  it('each module name is one file, and every file is some page', () => {
    const names = files.map(routeModuleName);
    expect(new Set(names).size).toBe(names.length);
    expect([...new Set(Object.values(PAGE_ROUTES))].sort()).toEqual([...names].sort());
  });

  it.each(RENDERED_PAGES)('%s: its route carries the module, which exports the page and its loader', async (page) => {
    const handle = pageRoutes.get(page);
    expect(handle?.module).toMatch(new RegExp(`^src/.*/${PAGE_ROUTES[page]}\\.route\\.tsx$`));
    expect(files.map((file) => `src/${file}`)).toContain(handle?.module);
    const module = await handle?.importModule();
    expect(typeof module?.Component).toBe('function');
    // The test runs as the server does (import.meta.env.SSR): every rendered page but the 404 reads data.
    expect(typeof module?.loader).toBe(page === 'notFound' ? 'undefined' : 'function');
  });

  it('a page rendered only in the browser has no route module', () => {
    const browserOnly = PAGE_LIST.length - RENDERED_PAGES.length;
    expect([...pageRoutes.values()].filter((handle) => handle === undefined)).toHaveLength(browserOnly);
  });
});
