/** Shop values the public pages need: zod-free, see docs/decisions/0032. */
export const PRODUCT_CATEGORIES = ['collection', 'book', 'tools', 'materials'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_SUBCATEGORIES = ['bouquets', 'accessories'] as const;
export type ProductSubcategory = (typeof PRODUCT_SUBCATEGORIES)[number];
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'on_order'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const BOOK_FORMATS = ['physical', 'digital'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];
/**
 * `recommended` (the default): the owner's order (a product's `position`), then bouquets that can be
 * bought now, then everything else that can, then the rest; newest first within each group.
 */
export const SHOP_SORTS = ['recommended', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/**
 * A product that can be bought from stock now; the server takes a stock alert for anything else
 * (the shop offers "Notify me" only for what is out of stock: `offersStockAlert` on the web).
 */
export function availableNow(product: { availability: Availability; stock: number | null }): boolean {
  return product.availability === 'in_stock' && product.stock !== 0;
}

/** How many products the home page shows (the owner's pick, or the best sellers in stock). */
export const FEATURED_HOME_LIMIT = 4;

/** The product page's optional texts, each per language. */
export const PRODUCT_DETAIL_FIELDS = ['size', 'materials', 'care'] as const;
export type ProductDetailField = (typeof PRODUCT_DETAIL_FIELDS)[number];

/** A product's own page, its canonical URL (`/shop?product=<id>` opens it over the shop). */
export function productPath(id: string): string {
  return `/shop/${id}`;
}

/**
 * How many other pieces the answer for a removed product offers. More than a page shows (four):
 * the page keeps those sold in the visitor's currency.
 */
export const PRODUCT_SIMILAR_MAX = 8;

/**
 * The address of one variant of a product: the SPEC's product link with that variant chosen
 * (`/shop?product=<id>&variant=<id>`); a product without options has only its default variant,
 * whose address is the product's page.
 */
export function productVariantPath(productId: string, variantId?: string): string {
  return variantId
    ? `/shop?product=${encodeURIComponent(productId)}&variant=${encodeURIComponent(variantId)}`
    : productPath(productId);
}
