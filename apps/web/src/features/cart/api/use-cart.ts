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
  parseStoredCart,
  removeItem,
  updateQuantity,
} from '../cart-rules';

export type { CartItem } from '../cart-rules';
export { lineKey } from '../cart-rules';

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

/** SPEC §4: the cart loads when the user changes and is saved only for logged-in users. */
function load(userId: string | null): void {
  publish(stateFor(parseStoredCart(localStore.get(cartStorageKey(userId))), userId));
}

function save(cart: Cart): void {
  const userId = currentUserId();
  if (userId) localStore.set(cartStorageKey(userId), JSON.stringify(cart));
  publish(stateFor(cart, userId));
}

onSessionChange((session) => {
  if (session.status === 'loading') return;
  const userId = session.status === 'authenticated' ? session.user.id : null;
  if (userId !== state.userId || state.cart === EMPTY_CART) load(userId);
});

/** Changing the cart needs a login (SPEC §5); guests get a toast instead. */
function requireLogin(): boolean {
  if (currentUserId()) return true;
  toast.error(i18n.t('cart.loginRequired'), { id: 'cart-login' });
  return false;
}

export const cartActions = {
  add(item: Omit<CartItem, 'quantity'>, quantity = 1): boolean {
    if (!requireLogin()) return false;
    save(addItem(state.cart, item, quantity));
    toast.success(i18n.t('cart.added'));
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

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
