import { type BookFormat, type LocalizedText, MAX_LINE_QUANTITY, type Price } from '@atelier/shared';

export type CartItemType = 'product' | 'lesson';

export interface CartItem {
  id: string;
  type: CartItemType;
  name: LocalizedText;
  price: Price;
  quantity: number;
  image?: string;
  bookFormat?: BookFormat;
}

export interface Cart {
  items: CartItem[];
}

export const EMPTY_CART: Cart = { items: [] };

/** A line is one id + type (and, for books, one format): adding it again merges quantities. */
export function lineKey(item: Pick<CartItem, 'id' | 'type' | 'bookFormat'>): string {
  return `${item.type}:${item.id}${item.bookFormat ? `:${item.bookFormat}` : ''}`;
}

/** A lesson is bought once; goods up to the per-line limit. */
export function maxQuantity(type: CartItemType): number {
  return type === 'lesson' ? 1 : MAX_LINE_QUANTITY;
}

function clamp(quantity: number, type: CartItemType): number {
  return Math.min(Math.max(Math.floor(quantity), 0), maxQuantity(type));
}

export function addItem(cart: Cart, item: Omit<CartItem, 'quantity'>, quantity = 1): Cart {
  if (quantity <= 0) return cart;
  const key = lineKey(item);
  const existing = cart.items.find((line) => lineKey(line) === key);
  if (existing) {
    return {
      items: cart.items.map((line) =>
        lineKey(line) === key ? { ...line, ...item, quantity: clamp(line.quantity + quantity, line.type) } : line,
      ),
    };
  }
  return { items: [...cart.items, { ...item, quantity: clamp(quantity, item.type) }] };
}

/** Zero or less removes the line (SPEC §4). */
export function updateQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity <= 0) return removeItem(cart, key);
  return {
    items: cart.items.map((line) => (lineKey(line) === key ? { ...line, quantity: clamp(quantity, line.type) } : line)),
  };
}

export function removeItem(cart: Cart, key: string): Cart {
  return { items: cart.items.filter((line) => lineKey(line) !== key) };
}

export function clearCart(): Cart {
  return EMPTY_CART;
}

/** SPEC §3 totals: number of pieces and the sum of price × quantity in RUB. */
export function cartTotals(cart: Cart): { totalItems: number; totalAmount: number } {
  let totalItems = 0;
  let kopecks = 0;
  for (const line of cart.items) {
    totalItems += line.quantity;
    kopecks += Math.round(line.price.rub * 100) * line.quantity;
  }
  return { totalItems, totalAmount: kopecks / 100 };
}

/** SPEC §3: `cart_{userId}`, or `cart_guest` without a user. */
export function cartStorageKey(userId: string | null): string {
  return userId ? `cart_${userId}` : 'cart_guest';
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const price = line.price as Record<string, unknown> | undefined;
  return (
    typeof line.id === 'string' &&
    (line.type === 'product' || line.type === 'lesson') &&
    typeof line.name === 'object' &&
    line.name !== null &&
    typeof price?.rub === 'number' &&
    typeof line.quantity === 'number' &&
    line.quantity > 0
  );
}

/** Reads what localStorage holds; anything damaged or foreign is dropped rather than trusted. */
export function parseStoredCart(raw: string | null): Cart {
  if (!raw) return EMPTY_CART;
  try {
    const parsed: unknown = JSON.parse(raw);
    const items = (parsed as { items?: unknown }).items;
    if (!Array.isArray(items)) return EMPTY_CART;
    return { items: items.filter(isCartItem).map((line) => ({ ...line, quantity: clamp(line.quantity, line.type) })) };
  } catch {
    return EMPTY_CART;
  }
}
