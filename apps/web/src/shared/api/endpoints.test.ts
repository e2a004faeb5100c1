import type { Favourite } from '@atelier/shared';
import type { favouritesContract } from '@atelier/shared/favourites.contract';
import { favouritesRouteTable } from '@atelier/shared/favourites.routes';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { endpoints } from './endpoints';

const favouritesApi = endpoints<typeof favouritesContract>(favouritesRouteTable);
const id = '6f1c1c1e-3a5b-4c8e-9a39-0c9b2d9a3f10';

function answer(body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('calls derived from the contract', () => {
  it('send the route’s method to its path with the parameters filled in', async () => {
    const fetchMock = answer({ success: true, data: { type: 'lesson', id, favourite: true }, message: 'Kept' });
    const reply = await favouritesApi.add({ params: { type: 'lesson', id } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/favourites/lesson/${id}`);
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('PUT');
    expect(reply).toEqual({ data: { type: 'lesson', id, favourite: true }, message: 'Kept', meta: undefined });
  });

  it('take a route without input with no arguments', async () => {
    const fetchMock = answer({ success: true, data: [] });
    expect((await favouritesApi.list()).data).toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/favourites');
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('GET');
  });

  it('are typed by the contract', () => {
    expectTypeOf(favouritesApi.list).returns.resolves.toHaveProperty('data').toEqualTypeOf<Favourite[]>();
    expectTypeOf(favouritesApi.remove).parameter(0).toEqualTypeOf<{
      params: { type: 'product' | 'lesson'; id: string };
    }>();
    // @ts-expect-error the path needs its parameters
    expect(() => favouritesApi.remove({})).toThrow(/no value for :type/);
  });
});
