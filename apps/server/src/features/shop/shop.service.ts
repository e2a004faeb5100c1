import {
  type Currency,
  FEATURED_HOME_LIMIT,
  type Language,
  type ListMeta,
  localize,
  PAGE_TEXTS,
  PRODUCT_SIMILAR_MAX,
  type Product,
  type ProductDetail,
  type ProductRemoved,
  productPath,
  type Reservation,
  type ShopQuery,
  serverMessage,
  toMinor,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { AppError, InvalidInput, NotFound } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { siteLinks } from '../../platform/http/links';
import type { PublicCache } from '../../platform/http/public-cache';
import { breadcrumbJsonLd, metaDescription, type SeoResult, type SitemapEntry } from '../../platform/http/seo';
import type { ProductForOrder } from '../checkout/checkout.schemas';
import { createCatalogueIndex } from './shop.catalogue';
import { productJsonLd, toProduct, toProductDetail } from './shop.mappers';
import { productsForOrder, releaseProductStock, reserveProductsStock } from './shop.orders';
import type { ProductFilter, ShopRepo } from './shop.repo';
import type { ShopEvents } from './shop.schemas';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 410 Gone: the product existed and the owner removed it. Unlike 404 it says so, and `details`
 * (`ProductRemoved`) carry what its page shows instead: its name, its category, similar pieces.
 */
export class ProductGone extends AppError {
  constructor(readonly removed: ProductRemoved) {
    super(410, 'PRODUCT_REMOVED', 'productRemoved', removed);
  }
}

export function createShopService({
  repo,
  publicUrl,
  events,
  cache,
}: {
  repo: ShopRepo;
  publicUrl: string;
  /** Drops the in-memory catalogue index with the public cache's `shop` entries. */
  cache?: Pick<PublicCache, 'onDrop' | 'ttlMs'>;
  /** Where `productAvailable` goes when returned stock makes a product available again. */
  events?: Pick<EventBus<ShopEvents>, 'emit'>;
}) {
  const base = siteLinks(publicUrl).base;
  const catalogue = createCatalogueIndex({ repo, ...(cache ? { cache, ttlMs: cache.ttlMs } : {}) });

  async function findProduct(id: string): Promise<Product | null> {
    const row = await repo.findListed(id);
    return row ? toProduct(row) : null;
  }

  async function findRemoved(id: string): Promise<ProductRemoved | null> {
    const row = await repo.findRemoved(id);
    if (!row) return null;
    const similar = await repo.similar(row.category, row.id, PRODUCT_SIMILAR_MAX);
    return { removed: true, id: row.id, name: row.name, category: row.category, similar: similar.map(toProduct) };
  }

  return {
    /** The public catalogue: listed (not archived) products, filtered, sorted and paged. */
    async list(query: ShopQuery): Promise<{ items: Product[]; meta: ListMeta }> {
      if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
        throw new InvalidInput('priceRangeInvalid', {
          fields: [{ field: 'querystring.minPrice', message: 'minPrice > maxPrice' }],
        });
      }
      const filter: ProductFilter = {};
      if (query.category) filter.category = query.category;
      if (query.subcategory) filter.subcategory = query.subcategory;
      if (query.search) filter.search = query.search;
      if (query.minPrice !== undefined) filter.minPriceRubMinor = toMinor(query.minPrice);
      if (query.maxPrice !== undefined) filter.maxPriceRubMinor = toMinor(query.maxPrice);
      if (query.currency && query.currency !== 'RUB') filter.soldIn = query.currency;
      const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
      const { rows, total } =
        (await catalogue.list(filter, query.sort, page)) ?? (await repo.list(filter, query.sort, page));
      return { items: rows.map(toProduct), meta: { total, page: query.page, limit: query.limit } };
    },

    /**
     * The home page's products, each sold in `currency`: the owner's pick when she made one that can
     * still be ordered, otherwise the best sellers that are in stock (docs/decisions/0055).
     */
    async featured(currency: Currency): Promise<Product[]> {
      const picked = await repo.featured('picked', currency, FEATURED_HOME_LIMIT);
      const rows = picked.length > 0 ? picked : await repo.featured('inStock', currency, FEATURED_HOME_LIMIT);
      return rows.map(toProduct);
    },

    /**
     * One listed product with its options and variants. One the owner removed (archived or
     * deleted) is `ProductGone` (410) with similar pieces; an id that never named a product is
     * "not found".
     */
    async get(id: string): Promise<ProductDetail> {
      const row = await repo.findListed(id);
      if (row) return toProductDetail(row, await repo.variantsOf(row.id));
      const removed = await findRemoved(id);
      if (removed) throw new ProductGone(removed);
      throw new NotFound();
    },

    /**
     * The head of a product: on its own page (`ownPage`, `/shop/<id>`) or opened over the shop
     * (`/shop?product=<id>`; the shop's head without `product`). Both name the product's own page as
     * the canonical URL. One the owner removed answers 410 (Gone: its old links, an Instagram post's,
     * say so), an id that never named a product 404, both `noindex`.
     */
    async productSeo(id: string | undefined, lang: Language, ownPage: boolean): Promise<SeoResult> {
      if (id === undefined && !ownPage) return {};
      const missing: SeoResult = { status: 404, noindex: true };
      if (!id || !UUID_RE.test(id)) return missing;
      const product = await findProduct(id);
      if (!product) {
        const removed = await repo.findRemoved(id);
        if (!removed) return missing;
        return { status: 410, noindex: true, title: serverMessage('productRemoved', lang) };
      }
      const path = productPath(product.id);
      const result: SeoResult = {
        title: localize(product.name, lang),
        description: metaDescription(localize(product.description, lang)),
        ogType: 'product',
        canonical: path,
        jsonLd: [
          productJsonLd(product, lang, base),
          breadcrumbJsonLd(base, lang, [
            { name: PAGE_TEXTS.shop.title[lang], path: '/shop' },
            { name: localize(product.name, lang), path },
          ]),
        ],
      };
      const image = product.images[0];
      if (image) result.image = image.large;
      return result;
    },

    /**
     * Every listed product with its options and variants, as `get` answers each one (the product
     * feeds): newest first; a product whose variants were not there when they were read is left out.
     */
    async listForFeeds(): Promise<ProductDetail[]> {
      const { products, variants } = await repo.listedWithVariants();
      const byProduct = new Map<string, typeof variants>();
      for (const variant of variants) {
        const own = byProduct.get(variant.productId);
        if (own) own.push(variant);
        else byProduct.set(variant.productId, [variant]);
      }
      return products.flatMap((row) => {
        const own = byProduct.get(row.id);
        return own ? [toProductDetail(row, own)] : [];
      });
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.listedIds();
      return rows.map((row) => ({ path: productPath(row.id), lastmod: row.updatedAt }));
    },

    // ---- for orders and the cart; each runs on the caller's transaction `q`

    /** Products by id (archived ones included, flagged), keyed by id: what an order line is priced from. */
    forOrder(q: Db | Tx, ids: string[]): Promise<Map<string, ProductForOrder>> {
      return productsForOrder(q, ids);
    },

    /**
     * One product as `forOrder` reads it, locked FOR SHARE until `tx` ends: an availability change
     * running meanwhile waits for `tx`, or has committed and is seen. Null when there is none.
     */
    async lockedForAlert(tx: Tx, id: string): Promise<ProductForOrder | null> {
      return (await productsForOrder(tx, [id], 'share')).get(id) ?? null;
    },

    /**
     * Takes the quantities from counted stocks (a variant's or its product's), in statements that
     * never drive a stock negative; returns the `reservationKey`s it could not take (the caller
     * must then roll back).
     */
    reserveStock(tx: Tx, lines: readonly Reservation[]): Promise<string[]> {
      return reserveProductsStock(tx, lines);
    },

    /**
     * Gives reserved stock back (a cancelled order); uncounted products are left alone. A product
     * whose counted stock was 0 is available again: `productAvailable` is emitted in `tx`.
     */
    async releaseStock(tx: Tx, productId: string, quantity: number, variantId: string | null = null): Promise<void> {
      const back = await releaseProductStock(tx, productId, quantity, variantId);
      if (back) await events?.emit(tx, 'productAvailable', { productId: back.id, name: back.name });
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
