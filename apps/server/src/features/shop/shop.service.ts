import {
  type Language,
  type ListMeta,
  localize,
  PAGE_TEXTS,
  type Product,
  type ShopQuery,
  toMinor,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { InvalidInput, NotFound } from '../../platform/errors';
import { breadcrumbJsonLd, metaDescription, type SeoResult, type SitemapEntry } from '../../platform/http/seo';
import type { ProductForOrder } from '../orders/orders.schemas';
import { productJsonLd, toProduct } from './shop.mappers';
import { productsForOrder, releaseProductStock, reserveProductsStock } from './shop.orders';
import type { ProductFilter, ShopRepo } from './shop.repo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createShopService({ repo, publicUrl }: { repo: ShopRepo; publicUrl: string }) {
  const base = publicUrl.replace(/\/+$/, '');

  async function findProduct(id: string): Promise<Product | null> {
    const row = await repo.findListed(id);
    return row ? toProduct(row) : null;
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
      const { rows, total } = await repo.list(filter, query.sort, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(toProduct), meta: { total, page: query.page, limit: query.limit } };
    },

    /** One listed product; archived and unknown ids are both "not found". */
    async get(id: string): Promise<Product> {
      const product = await findProduct(id);
      if (!product) throw new NotFound();
      return product;
    },

    /** Title, description, image and Product JSON-LD for `/shop?product=<id>`; {} when there is none. */
    async productSeo(id: string | undefined, lang: Language): Promise<SeoResult> {
      if (!id || !UUID_RE.test(id)) return {};
      const product = await findProduct(id);
      if (!product) return {};
      const result: SeoResult = {
        title: localize(product.name, lang),
        description: metaDescription(localize(product.description, lang)),
        ogType: 'product',
        canonical: `/shop?product=${product.id}`,
        jsonLd: [
          productJsonLd(product, lang, base),
          breadcrumbJsonLd(base, lang, [
            { name: PAGE_TEXTS.shop.title[lang], path: '/shop' },
            { name: localize(product.name, lang), path: `/shop?product=${product.id}` },
          ]),
        ],
      };
      const image = product.images[0];
      if (image) result.image = image.large;
      return result;
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.listedIds();
      return rows.map((row) => ({ path: `/shop?product=${row.id}`, lastmod: row.updatedAt }));
    },

    // ---- for orders and the cart; each runs on the caller's transaction `q`

    /** Products by id (archived ones included, flagged), keyed by id: what an order line is priced from. */
    forOrder(q: Db | Tx, ids: string[]): Promise<Map<string, ProductForOrder>> {
      return productsForOrder(q, ids);
    },

    /**
     * Takes the quantities from counted stocks, all in one statement that never drives a stock
     * negative; returns the ids it could not take (the caller must then roll back).
     */
    reserveStock(tx: Tx, lines: { productId: string; quantity: number }[]): Promise<string[]> {
      return reserveProductsStock(tx, lines);
    },

    /** Gives reserved stock back (a cancelled order); uncounted products are left alone. */
    releaseStock(tx: Tx, productId: string, quantity: number): Promise<void> {
      return releaseProductStock(tx, productId, quantity);
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
