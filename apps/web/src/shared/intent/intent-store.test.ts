import { describe, expect, it } from 'vitest';
import {
  createIntentStore,
  DRAFT_TTL_MS,
  INTENT_TTL_MS,
  type Intent,
  nestedQuotes,
  type StorageLike,
  safeReturnPath,
} from './intent-store';

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function setup() {
  const storage = memoryStorage();
  let now = 1_000_000;
  const store = createIntentStore(
    () => storage,
    () => now,
  );
  return { storage, store, later: (ms: number) => (now += ms) };
}

const roses: Intent = {
  kind: 'cart',
  returnTo: '/shop?product=7b0c6f0e-1111-4222-8333-444455556666',
  item: {
    id: '7b0c6f0e-1111-4222-8333-444455556666',
    type: 'product',
    name: { ru: 'Пудровые розы', en: 'Powder roses' },
    price: { rub: 4500, eur: 45, usd: 50 },
  },
  quantity: 1,
};

describe('the return path after signing in stays on this site', () => {
  it.each([
    ['/shop?product=1', '/shop?product=1'],
    ['/gift-certificates', '/gift-certificates'],
    ['/training-detail/abc#reviews', '/training-detail/abc#reviews'],
    ['https://evil.example/', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['/shop\\..\\x', null],
    ['javascript:alert(1)', null],
    ['shop', null],
    ['/auth?tab=register', null],
    ['/login', null],
    ['', null],
    [null, null],
    [`/${'a'.repeat(2001)}`, null],
  ])('%j → %j', (path, expected) => {
    expect(safeReturnPath(path)).toBe(expected);
  });

  it('refuses to keep an intent whose return path leaves the site', () => {
    const { store } = setup();
    expect(store.save({ ...roses, returnTo: '//evil.example' })).toBe(false);
    expect(store.peek()).toBeNull();
  });

  it('drops a stored intent whose return path was tampered with', () => {
    const { store, storage } = setup();
    store.save(roses);
    const key = [...storage.map.keys()][0] as string;
    const stored = JSON.parse(storage.map.get(key) as string);
    stored.value.returnTo = 'https://evil.example';
    storage.map.set(key, JSON.stringify(stored));
    expect(store.peek()).toBeNull();
    expect(storage.map.size).toBe(0);
  });
});

describe('an intent is finished once, on its own page, after signing in', () => {
  it('is not taken before the sign-in armed it', () => {
    const { store } = setup();
    store.save(roses);
    expect(store.takeArmed(roses.returnTo)).toBeNull();
    expect(store.peek()).toEqual(roses);
  });

  it('is taken once, only on the page it came from', () => {
    const { store } = setup();
    store.save(roses);
    expect(store.arm()).toEqual(roses);
    expect(store.takeArmed('/shop')).toBeNull();
    expect(store.takeArmed(roses.returnTo)).toEqual(roses);
    expect(store.takeArmed(roses.returnTo)).toBeNull();
  });

  it('survives a reload (it lives in storage, not in memory)', () => {
    const { store, storage } = setup();
    store.save(roses);
    const reloaded = createIntentStore(
      () => storage,
      () => 1_000_000,
    );
    expect(reloaded.peek()?.kind).toBe('cart');
  });

  it('is forgotten after its time', () => {
    const { store, later } = setup();
    store.save(roses);
    later(INTENT_TTL_MS - 1);
    expect(store.peek()).not.toBeNull();
    later(2);
    expect(store.peek()).toBeNull();
    expect(store.arm()).toBeNull();
  });

  it('ignores what is not an intent (broken JSON, unknown kind, bad quantity)', () => {
    const { store, storage } = setup();
    storage.setItem('atelier.intent', '{not json');
    expect(store.peek()).toBeNull();
    storage.setItem('atelier.intent', JSON.stringify({ savedAt: 1_000_000, value: { kind: 'pay', returnTo: '/' } }));
    expect(store.peek()).toBeNull();
    storage.setItem('atelier.intent', JSON.stringify({ savedAt: 1_000_000, value: { ...roses, quantity: 0 } }));
    expect(store.peek()).toBeNull();
  });

  it('keeps nothing and throws nothing when storage is refused', () => {
    const store = createIntentStore(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    }));
    expect(store.save(roses)).toBe(true);
    expect(store.peek()).toBeNull();
    expect(() => store.clearAll()).not.toThrow();
  });
});

describe('form drafts', () => {
  const template = { recipientName: '', message: '', customAmount: '', agreed: false };

  it('come back with the fields the form knows, of the same type', () => {
    const { store } = setup();
    store.saveDraft('gift-certificate', {
      recipientName: 'Анна',
      message: 'С днём рождения!',
      customAmount: 42,
      agreed: true,
      injected: '<script>',
    });
    expect(store.readDraft('gift-certificate', template)).toEqual({
      recipientName: 'Анна',
      message: 'С днём рождения!',
      agreed: true,
    });
  });

  it('are kept per form', () => {
    const { store } = setup();
    store.saveDraft('gift-certificate', { message: 'gift' });
    expect(store.readDraft('custom-request', { message: '' })).toBeNull();
    store.clearDraft('gift-certificate');
    expect(store.readDraft('gift-certificate', template)).toBeNull();
  });

  it('wait a day, then are forgotten', () => {
    const { store, later } = setup();
    store.saveDraft('custom-request', { description: 'Букет невесты' });
    later(DRAFT_TTL_MS - 1);
    expect(store.readDraft('custom-request', { description: '' })).toEqual({ description: 'Букет невесты' });
    later(2);
    expect(store.readDraft('custom-request', { description: '' })).toBeNull();
  });

  it('and intents are all forgotten on signing out', () => {
    const { store, storage } = setup();
    store.save(roses);
    store.saveDraft('gift-certificate', { message: 'gift' });
    store.saveDraft('custom-request', { description: 'x' });
    store.clearAll();
    expect(storage.map.size).toBe(0);
  });
});

describe('a name inside the texts’ quotation marks', () => {
  it.each([
    ['Тюльпаны «Весна» в вазе', 'ru', 'Тюльпаны „Весна“ в вазе'],
    ['Tulipanes «Primavera»', 'es', 'Tulipanes „Primavera“'],
    ['Tulips “Spring” in a vase', 'en', 'Tulips ‘Spring’ in a vase'],
    ['Пудровые розы', 'ru', 'Пудровые розы'],
  ])('%s (%s) → %s', (name, language, expected) => {
    expect(nestedQuotes(name, language)).toBe(expected);
  });
});
