import { useSyncExternalStore } from 'react';
import { i18n } from '../../../shared/i18n/i18n';
import { localStore } from '../../../shared/storage/browser-storage';
import { toast } from '../../../shared/ui/toast';
import { getSession, onSessionChange } from '../../auth/api/auth-session';
import {
  addItem,
  type Cart,
  type CartItem,
  cartStorageKey,
  cartTotals,
  clearCart,
  EMPTY_CART,
  fromServerLines,
  parseStoredCart,
  removeItem,
  toServerLines,
  updateQuantity,
} from '../cart-rules';
import { fetchServerCart, saveServerCart } from './cart-api';

type ServerCart = Awaited<ReturnType<typeof fetchServerCart>>;

export { lineKey } from '@atelier/shared';
export type { CartItem } from '../cart-rules';
export { cartOrderable, linesNotSoldIn, travellingLines } from '../cart-rules';

interface CartState {
  cart: Cart;
  userId: string | null;
  totalItems: number;
}

function stateFor(cart: Cart, userId: string | null): CartState {
  return { cart, userId, ...cartTotals(cart) };
}

let state: CartState = stateFor(EMPTY_CART, null);
const listeners = new Set<() => void>();

function publish(next: CartState): void {
  state = next;
  for (const listener of listeners) listener();
}

function currentUserId(): string | null {
  const session = getSession();
  return session.status === 'authenticated' ? session.user.id : null;
}

/**
 * Server sync (`GET|PUT /cart`): the cart follows the user to another device. Every
 * local change bumps `version` and is sent (debounced); a reply is applied only when nothing
 * changed meanwhile, so a slow reply never undoes a newer click. Offline, the local copy stands.
 */
let version = 0;
let pushTimer: ReturnType<typeof setTimeout> | undefined;
/** A change is waiting to be sent or its PUT is on its way: the server copy is behind this one. */
let pushPending = false;
const PUSH_DELAY_MS = 250;

function keepLocal(cart: Cart, userId: string): void {
  localStore.set(cartStorageKey(userId), JSON.stringify(cart));
}

/** The server's copy replaces this one (and becomes what the next save grew from). */
function applyServer(server: ServerCart, userId: string, sentVersion: number): void {
  if (sentVersion !== version || state.userId !== userId) return;
  const cart = fromServerLines(server.items, state.cart, server.updatedAt);
  keepLocal(cart, userId);
  publish(stateFor(cart, userId));
}

/** The PUT on its way, if any. */
let inFlight: Promise<unknown> | null = null;

function push(userId: string): Promise<unknown> {
  const sent = version;
  const request = saveServerCart(toServerLines(state.cart)).then(
    (server) => {
      if (sent === version) pushPending = false;
      applyServer(server, userId, sent);
    },
    () => {
      if (sent === version) pushPending = false;
    },
  );
  const tracked: Promise<unknown> = request.finally(() => {
    if (inFlight === tracked) inFlight = null;
  });
  inFlight = tracked;
  return request;
}

function schedulePush(userId: string): void {
  clearTimeout(pushTimer);
  pushPending = true;
  pushTimer = setTimeout(() => {
    pushTimer = undefined;
    void push(userId);
  }, PUSH_DELAY_MS);
}

/**
 * Settles once the signed-in user's cart has been read from the server (or could not be): a change
 * made before that would be sent over the server copy and replace lines added on another device.
 */
let loaded: Promise<void> = Promise.resolve();

/**
 * Sends a change still waiting for its delay at once, and waits for the save on its way: the
 * server copy is then this one (checkout places the order from it).
 */
export async function settleCart(): Promise<void> {
  const userId = currentUserId();
  if (!userId) return;
  while (inFlight || pushTimer !== undefined) {
    if (inFlight) await inFlight;
    else {
      clearTimeout(pushTimer);
      pushTimer = undefined;
      await push(userId);
    }
  }
}

/**
 * After an order: the server took the ordered lines off the cart in the order's transaction;
 * this copy follows it (the badge too). Nothing here clears the cart by itself.
 */
export async function reloadCartFromServer(): Promise<void> {
  const userId = currentUserId();
  if (!userId) return;
  await settleCart();
  const sent = version;
  try {
    applyServer(await fetchServerCart(), userId, sent);
  } catch {
    // Offline: the next visit loads the server copy.
  }
}

/** The cart loads when the user changes and is saved only for logged-in users. */
function load(userId: string | null): void {
  version += 1;
  clearTimeout(pushTimer);
  pushTimer = undefined;
  pushPending = false;
  const local = parseStoredCart(localStore.get(cartStorageKey(userId)));
  publish(stateFor(local, userId));
  if (!userId) {
    loaded = Promise.resolve();
    return;
  }
  const sent = version;
  loaded = fetchServerCart().then(
    (server) => {
      // A server that never stored this user's cart adopts the one kept on this device.
      if (server.updatedAt === null && local.items.length > 0) schedulePush(userId);
      else applyServer(server, userId, sent);
    },
    () => {},
  );
}

/** Resolves when the signed-in user's cart is known (see `loaded`). */
export function cartLoaded(): Promise<void> {
  return loaded;
}

function save(next: Cart): void {
  const userId = currentUserId();
  // Still grown from the same server copy.
  const cart: Cart = state.cart.basedOn ? { ...next, basedOn: state.cart.basedOn } : next;
  version += 1;
  if (userId) {
    keepLocal(cart, userId);
    schedulePush(userId);
  }
  publish(stateFor(cart, userId));
}

onSessionChange((session) => {
  if (session.status === 'loading') return;
  const userId = session.status === 'authenticated' ? session.user.id : null;
  if (userId !== state.userId || state.cart === EMPTY_CART) load(userId);
});

/**
 * Fetches the server copy again (the cart page calls it on open to refresh availability). Not
 * while a change is on its way: that copy would lack it (an item added just before opening the
 * cart), and the PUT's own reply brings the checked cart anyway.
 */
export function refreshCart(): void {
  const userId = currentUserId();
  if (!userId || pushPending) return;
  const sent = version;
  fetchServerCart().then(
    (server) => applyServer(server, userId, sent),
    () => {},
  );
}

/** Changing the cart needs a login; guests get a toast instead. */
function requireLogin(): boolean {
  if (currentUserId()) return true;
  toast.error(i18n.t('cart.loginRequired'), { id: 'cart-login' });
  return false;
}

export const cartActions = {
  /** `silent`: the caller says it in its own toast (a sign-in that finished adding it). */
  add(item: Omit<CartItem, 'quantity'>, quantity = 1, options: { silent?: boolean } = {}): boolean {
    if (!requireLogin()) return false;
    save(addItem(state.cart, item, quantity));
    if (!options.silent) toast.success(i18n.t('cart.added'));
    return true;
  },
  setQuantity(key: string, quantity: number): void {
    if (!requireLogin()) return;
    const before = state.cart.items.length;
    const next = updateQuantity(state.cart, key, quantity);
    save(next);
    if (next.items.length < before) toast.success(i18n.t('cart.removed'));
  },
  remove(key: string): void {
    if (!requireLogin()) return;
    save(removeItem(state.cart, key));
    toast.success(i18n.t('cart.removed'));
  },
  /** The customer's own "clear the cart" (an order ends its lines on the server, not here). */
  clear(): void {
    if (!requireLogin()) return;
    save(clearCart());
    toast.success(i18n.t('cart.cleared'));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the cart holds this lesson or course (or product, in any format). */
export function useInCart(type: CartItem['type'], id: string): boolean {
  return useCart().cart.items.some((item) => item.type === type && item.id === id);
}

/** A server-rendered page has no visitor, so no cart: hydration starts from the empty one. */
const RENDERED_STATE = stateFor(EMPTY_CART, null);

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => RENDERED_STATE,
  );
}
