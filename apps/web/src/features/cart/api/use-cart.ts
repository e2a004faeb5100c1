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

export { lineKey } from '@atelier/shared';
export type { CartItem } from '../cart-rules';
export { cartOrderable, linesNotSoldIn } from '../cart-rules';

interface CartState {
  cart: Cart;
  userId: string | null;
  totalItems: number;
  totalAmount: number;
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

function applyServer(lines: Parameters<typeof fromServerLines>[0], userId: string, sentVersion: number): void {
  if (sentVersion !== version || state.userId !== userId) return;
  const cart = fromServerLines(lines, state.cart);
  keepLocal(cart, userId);
  publish(stateFor(cart, userId));
}

function schedulePush(userId: string): void {
  clearTimeout(pushTimer);
  pushPending = true;
  pushTimer = setTimeout(() => {
    const sent = version;
    saveServerCart(toServerLines(state.cart)).then(
      (server) => {
        if (sent === version) pushPending = false;
        applyServer(server.items, userId, sent);
      },
      () => {
        if (sent === version) pushPending = false;
      },
    );
  }, PUSH_DELAY_MS);
}

/**
 * Settles once the signed-in user's cart has been read from the server (or could not be): a change
 * made before that would be sent over the server copy and replace lines added on another device.
 */
let loaded: Promise<void> = Promise.resolve();

/** The cart loads when the user changes and is saved only for logged-in users. */
function load(userId: string | null): void {
  version += 1;
  clearTimeout(pushTimer);
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
      else applyServer(server.items, userId, sent);
    },
    () => {},
  );
}

/** Resolves when the signed-in user's cart is known (see `loaded`). */
export function cartLoaded(): Promise<void> {
  return loaded;
}

function save(cart: Cart): void {
  const userId = currentUserId();
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
    (server) => applyServer(server.items, userId, sent),
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
  clear(options: { silent?: boolean } = {}): void {
    if (!requireLogin()) return;
    save(clearCart());
    if (!options.silent) toast.success(i18n.t('cart.cleared'));
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
