import {
  type BookFormat,
  type CartLine,
  type CartLineProblem,
  type Currency,
  type LocalizedText,
  lineKey,
  maxLineQuantity,
  mergeLines,
  type OrderLineType,
  type Price,
  type PutCartBody,
  type ReturnedToCart,
  soldIn,
} from '@atelier/shared';

/** Goods, and lessons and courses (one piece each, no delivery). */
export type CartItemType = OrderLineType;

export interface CartItem {
  id: string;
  type: CartItemType;
  name: LocalizedText;
  price: Price;
  quantity: number;
  image?: string;
  bookFormat?: BookFormat;
  /** The product's variant (a product with options is sold only by its variants). */
  variantId?: string;
  /** From the server's last check: false = cannot be ordered as it is (see `problem`). */
  available?: boolean;
  problem?: CartLineProblem | null;
  /** Counted stock left, when the product counts it. */
  stock?: number | null;
}

export interface Cart {
  items: CartItem[];
  /**
   * The `updatedAt` of the server cart these items grew from: a save names it, so lines an order
   * took off the server cart since are not put back (docs/decisions/0051).
   */
  basedOn?: string | null;
}

export const EMPTY_CART: Cart = { items: [] };

/** Whole pieces, a lesson once, goods up to the per-line limit. */
function clamp(quantity: number, type: CartItemType): number {
  return Math.min(Math.max(Math.floor(quantity), 0), maxLineQuantity(type));
}

/** Adds `quantity` of `item`: merged into its line (its catalogue data refreshed) and capped. */
export function addItem(cart: Cart, item: Omit<CartItem, 'quantity'>, quantity = 1): Cart {
  if (quantity <= 0) return cart;
  const key = lineKey(item);
  return {
    items: mergeLines([...cart.items, { ...item, quantity }], lineKey).map((line) =>
      lineKey(line) === key ? { ...line, ...item, quantity: clamp(line.quantity, line.type) } : line,
    ),
  };
}

/** Zero or less removes the line. */
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

/** The number of pieces in the cart (the header's badge). What they cost is the server's quote. */
export function cartTotals(cart: Cart): { totalItems: number } {
  return { totalItems: cart.items.reduce((sum, line) => sum + line.quantity, 0) };
}

/** The storage key: `cart_{userId}`, or `cart_guest` without a user. */
export function cartStorageKey(userId: string | null): string {
  return userId ? `cart_${userId}` : 'cart_guest';
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const price = line.price as Record<string, unknown> | undefined;
  return (
    typeof line.id === 'string' &&
    (line.type === 'product' || line.type === 'lesson' || line.type === 'course') &&
    typeof line.name === 'object' &&
    line.name !== null &&
    typeof price?.rub === 'number' &&
    (line.variantId === undefined || typeof line.variantId === 'string') &&
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
    const basedOn = (parsed as { basedOn?: unknown }).basedOn;
    return {
      items: items.filter(isCartItem).map((line) => ({ ...line, quantity: clamp(line.quantity, line.type) })),
      ...(typeof basedOn === 'string' ? { basedOn } : {}),
    };
  } catch {
    return EMPTY_CART;
  }
}

/** What the server stores: ids, types, formats and quantities only (prices are never sent). */
export function toServerLines(cart: Cart): PutCartBody {
  return {
    items: cart.items.map((line) => ({
      type: line.type,
      id: line.id,
      quantity: line.quantity,
      ...(line.bookFormat ? { bookFormat: line.bookFormat } : {}),
      ...(line.variantId ? { variantId: line.variantId } : {}),
    })),
    ...(cart.basedOn ? { basedOn: cart.basedOn } : {}),
  };
}

/**
 * The server's priced and checked lines as cart items. A line the catalogue no longer has keeps
 * the name and price it had here (so the visitor sees what disappeared), flagged unavailable.
 */
export function fromServerLines(lines: CartLine[], previous: Cart, basedOn?: string | null): Cart {
  const known = new Map(previous.items.map((line) => [lineKey(line), line]));
  return {
    ...(basedOn ? { basedOn } : {}),
    items: lines.map((line) => {
      const before = known.get(lineKey(line));
      const item: CartItem = {
        id: line.id,
        type: line.type,
        name: line.name ?? before?.name ?? { ru: '—' },
        price: line.price ?? before?.price ?? { rub: 0, eur: null, usd: null },
        quantity: line.quantity,
        available: line.available,
        problem: line.problem,
        stock: line.stock,
      };
      const image = line.image ?? before?.image;
      if (image) item.image = image;
      if (line.bookFormat) item.bookFormat = line.bookFormat;
      if (line.variantId) item.variantId = line.variantId;
      return item;
    }),
  };
}

/** True when every line can be ordered (lines not yet checked by the server count as fine). */
export function cartOrderable(cart: Cart): boolean {
  return cart.items.every((line) => line.available !== false);
}

/**
 * Lines with no price of their own in `currency`. In euros or dollars the whole order is in that
 * currency (PayPal charges what the customer saw), so a line sold only in roubles must go, or the
 * customer switches to roubles: it is never priced at a converted guess (docs/decisions/0052).
 */
export function linesNotSoldIn<T extends Pick<CartItem, 'price'>>(lines: readonly T[], currency: Currency): T[] {
  return lines.filter((line) => !soldIn(line.price, currency));
}

/** The lines that travel: goods, except a book bought as a download (lessons and courses never do). */
export function travellingLines<T extends Pick<CartItem, 'type' | 'bookFormat'>>(lines: readonly T[]): T[] {
  return lines.filter((line) => line.type === 'product' && line.bookFormat !== 'digital');
}

/** What the cart page is told when it opens after a change of the order (router state, docs/decisions/0104). */
export interface ReturnedNotice {
  orderNumber: number;
  notReturned: ReturnedToCart['notReturned'];
}

/** The notice in a location's state, if it holds one (anything else is ignored). */
export function returnedNotice(state: unknown): ReturnedNotice | null {
  if (!state || typeof state !== 'object' || !('returned' in state)) return null;
  const returned = (state as { returned: unknown }).returned;
  if (!returned || typeof returned !== 'object') return null;
  const { orderNumber, notReturned } = returned as Partial<ReturnedNotice>;
  if (typeof orderNumber !== 'number' || !Array.isArray(notReturned)) return null;
  return { orderNumber, notReturned };
}
