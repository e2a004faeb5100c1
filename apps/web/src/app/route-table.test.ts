import { PAGE_LIST, PAGES } from '@atelier/shared/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
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
