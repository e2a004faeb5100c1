import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { successEnvelope } from './api';
import { defineContract, type RouteData, type RouteInput } from './contract';
import type { Favourite, FavouriteType } from './favourites';
import { favouritesContract } from './favourites.contract';
import { defineRoutes, fillPath } from './route-table';

describe('fillPath', () => {
  it('puts each parameter in its place, URI-encoded', () => {
    expect(fillPath('/api/favourites/:type/:id', { type: 'product', id: 'a b/c' })).toBe(
      '/api/favourites/product/a%20b%2Fc',
    );
    expect(fillPath('/api/orders/:id/items', { id: 7 })).toBe('/api/orders/7/items');
    expect(fillPath('/api/shop')).toBe('/api/shop');
  });

  it('refuses a path with a parameter left out', () => {
    expect(() => fillPath('/api/favourites/:type/:id', { type: 'product' })).toThrow(/:id/);
  });
});

describe('defineContract', () => {
  const table = defineRoutes({
    get: { method: 'GET', path: '/api/things/:id', access: 'public' },
    upload: { method: 'POST', path: '/api/things', access: 'admin', multipart: true },
  });
  const contract = defineContract('things', table, {
    get: {
      summary: 'One thing',
      params: z.object({ id: z.uuid() }),
      query: z.object({ full: z.coerce.boolean().optional() }),
      response: { 200: successEnvelope(z.object({ name: z.string() })) },
    },
    upload: { summary: 'Add one', response: { 201: successEnvelope(z.object({ id: z.string() })) } },
  });

  it('joins each route with its schemas under the same name', () => {
    expect(contract.get).toMatchObject({
      method: 'GET',
      path: '/api/things/:id',
      access: 'public',
      summary: 'One thing',
      feature: 'things',
      name: 'get',
    });
    expect(contract.upload.multipart).toBe(true);
    expectTypeOf(contract.upload.name).toEqualTypeOf<'upload'>();
  });

  it('types what a caller sends and what comes back', () => {
    expectTypeOf<RouteInput<typeof contract.get>>().toEqualTypeOf<{
      params: { id: string };
      query?: { full?: unknown };
    }>();
    expectTypeOf<RouteData<typeof contract.get>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<RouteInput<typeof contract.upload, Uint8Array>>().toEqualTypeOf<{
      form: Uint8Array | Record<string, unknown>;
    }>();
    expectTypeOf<RouteData<typeof contract.upload>>().toEqualTypeOf<{ id: string }>();
  });

  it('does not compile with a route missing its schemas or schemas for no route', () => {
    const loose = defineRoutes({ a: { method: 'GET', path: '/api/a', access: 'public' } });
    // @ts-expect-error `a` has no schemas
    expect(() => defineContract('loose', loose, {})).toThrow(/no schemas for a/);
    const one = { summary: 'a', response: {} };
    // @ts-expect-error `b` is not a route of the table
    defineContract('loose', loose, { a: one, b: one });
  });

  it('refuses a feature or a route name that would not make an operationId', () => {
    const one = { summary: 'a' };
    const table = defineRoutes({ a: { method: 'GET', path: '/api/a', access: 'public' } });
    expect(() => defineContract('Gift_Certificates', table, { a: one })).toThrow(/feature/);
    const dashed = defineRoutes({ 'get-a': { method: 'GET', path: '/api/a', access: 'public' } });
    expect(() => defineContract('things', dashed, { 'get-a': one })).toThrow(/camelCase/);
  });

  it('keeps the literal method, path and access of a real feature', () => {
    expectTypeOf(favouritesContract.add.method).toEqualTypeOf<'PUT'>();
    expectTypeOf(favouritesContract.add.path).toEqualTypeOf<'/api/favourites/:type/:id'>();
    expectTypeOf<RouteInput<typeof favouritesContract.add>>().toEqualTypeOf<{
      params: { type: FavouriteType; id: string };
    }>();
    expectTypeOf<RouteData<typeof favouritesContract.list>>().toEqualTypeOf<Favourite[]>();
  });
});
