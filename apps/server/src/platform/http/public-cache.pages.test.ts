/**
 * The rendered pages' cache: least recently used pages go first, one render per key at a time,
 * at most `maxConcurrentRenders` renders at once, and the copy an invalidation dropped stands in
 * while a new one is made under load. Renders are held open with gates (no timers): each test
 * decides when a render ends.
 */
import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicCache, type PublicCache, type PublicCacheOptions } from './public-cache';

interface Gate {
  open: () => void;
  wait: Promise<void>;
}
function gate(): Gate {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}

let app: FastifyInstance;
let cache: PublicCache;
/** Keys whose render has started, in order; a key with a gate waits for it before it ends. */
let started: string[];
let gates: Map<string, Gate>;
let version: number;

async function build(options: PublicCacheOptions) {
  cache = createPublicCache(options);
  started = [];
  gates = new Map();
  version = 1;
  app = fastify({ logger: false });
  app.get('/page/:key', (request, reply) => {
    const key = (request.params as { key: string }).key;
    return cache.replyPage(request, reply, key, async () => {
      started.push(key);
      const rendering = version;
      await gates.get(key)?.wait;
      return { status: 200, html: `<p>${key} v${rendering}</p>` };
    });
  });
  await app.ready();
}
afterEach(() => app?.close());

const get = (key: string) => app.inject({ url: `/page/${key}` });
/** Lets every request already sent run as far as it can (event-loop turns, not time). */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('rendered pages: least recently used go first', () => {
  it('with room for 2, reading a keeps it; c evicts b', async () => {
    await build({ maxPages: 2 });
    for (const key of ['a', 'b']) expect((await get(key)).headers['x-cache']).toBe('MISS');
    expect((await get('a')).headers['x-cache']).toBe('HIT');
    expect((await get('c')).headers['x-cache']).toBe('MISS');
    expect((await get('a')).headers['x-cache']).toBe('HIT');
    expect((await get('b')).headers['x-cache']).toBe('MISS');
    expect(started).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('rendered pages: concurrent requests', () => {
  it('identical requests at once render once, and all get the page', async () => {
    await build({});
    const hold = gate();
    gates.set('home', hold);
    const replies = Promise.all(Array.from({ length: 8 }, () => get('home')));
    await settle();
    hold.open();
    const all = await replies;
    expect(cache.pageRenders).toBe(1);
    expect(started).toEqual(['home']);
    expect(all.map((r) => r.body)).toEqual(Array(8).fill('<p>home v1</p>'));
    expect(all.map((r) => r.headers['x-cache']).sort()).toEqual(['MISS', ...Array(7).fill('SHARED')]);
  });

  it('at most maxConcurrentRenders render at once; the next starts when one ends', async () => {
    await build({ maxConcurrentRenders: 2 });
    for (const key of ['a', 'b', 'c']) gates.set(key, gate());
    const replies = ['a', 'b', 'c'].map((key) => get(key));
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates.get('a')?.open();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates.get('b')?.open();
    gates.get('c')?.open();
    expect((await Promise.all(replies)).map((r) => r.body)).toEqual(['<p>a v1</p>', '<p>b v1</p>', '<p>c v1</p>']);
  });

  it('over the cap, a page dropped by a change is served stale at once and rendered afresh behind it', async () => {
    await build({ maxConcurrentRenders: 1 });
    expect((await get('home')).body).toBe('<p>home v1</p>');
    cache.invalidate('shop');
    version = 2;
    // Another page holds the only render slot.
    gates.set('shop', gate());
    const shop = get('shop');
    await settle();
    const home = await get('home');
    expect(home.headers['x-cache']).toBe('STALE');
    expect(home.body).toBe('<p>home v1</p>');
    gates.get('shop')?.open();
    await shop;
    await settle();
    const fresh = await get('home');
    expect(fresh.headers['x-cache']).toBe('HIT');
    expect(fresh.body).toBe('<p>home v2</p>');
  });

  it('with a slot free, the first request after a change gets the new page, never the stale one', async () => {
    await build({ maxConcurrentRenders: 1 });
    await get('home');
    cache.invalidate('landing');
    version = 2;
    const after = await get('home');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toBe('<p>home v2</p>');
  });
});
