/**
 * What both feeds say, decided once: the catalogue as offers (one per variant a customer can pick),
 * the shop's categories with stable numeric ids, and the delivery terms of an offer. The YML and the
 * Google file only write these down in their own format (feeds.yml.ts, feeds.google.ts).
 */
import {
  type Availability,
  type DeliveryMethod,
  type DeliverySettings,
  estimateDelivery,
  HOME_COUNTRY,
  localize,
  PRODUCT_CATEGORIES,
  PRODUCT_SUBCATEGORIES,
  type ProductCategory,
  type ProductDetail,
  type ProductSubcategory,
  productVariantPath,
  toMinor,
} from '@atelier/shared';
import { siteLinks } from '../../platform/http/links';
import { CATEGORY_TEXTS, FEED_LANGUAGE, SUBCATEGORY_TEXTS } from './feeds.texts';

/** Pictures per offer: Yandex and Google both read up to ten (Google: one main and ten more). */
export const MAX_PICTURES = 10;

export interface FeedParam {
  name: string;
  value: string;
}

/** One sellable variant, as both feeds describe it (texts in the feed's language, URLs absolute). */
export interface FeedOffer {
  /** The variant's id: the same in both feeds, and what an order line names. */
  id: string;
  productId: string;
  /** The product's id when it has options (its variants are one group), else null. */
  groupId: string | null;
  /** The product's name, followed by the variant's option values. */
  name: string;
  description: string;
  url: string;
  /** In roubles, minor units. */
  priceMinor: number;
  availability: Availability;
  /** Can be put in a cart now (made to order counts; counted stock that ran out does not). */
  available: boolean;
  /** Absolute URLs of the large images, the variant's own first, none twice. */
  pictures: string[];
  categoryId: number;
  /** "Flowers & accessories > Bouquets & arrangements". */
  categoryPath: string[];
  /** One per option: its name and the variant's value. */
  params: FeedParam[];
  /** Travels as a parcel (everything but a book sold only as a file). */
  physical: boolean;
}

export interface FeedCategory {
  id: number;
  parentId?: number;
  name: string;
}

/**
 * The categories' ids in the feeds. They are what Yandex keeps the offers' categories by, so they
 * never change: a new category gets the next free number.
 */
const CATEGORY_IDS: Record<ProductCategory, number> = { collection: 1, book: 2, tools: 3, materials: 4 };
const SUBCATEGORY_IDS: Record<ProductSubcategory, { id: number; parent: ProductCategory }> = {
  bouquets: { id: 5, parent: 'collection' },
  accessories: { id: 6, parent: 'collection' },
};

export function feedCategories(): FeedCategory[] {
  return [
    ...PRODUCT_CATEGORIES.map((category) => ({
      id: CATEGORY_IDS[category],
      name: CATEGORY_TEXTS[category][FEED_LANGUAGE],
    })),
    ...PRODUCT_SUBCATEGORIES.map((subcategory) => ({
      id: SUBCATEGORY_IDS[subcategory].id,
      parentId: CATEGORY_IDS[SUBCATEGORY_IDS[subcategory].parent],
      name: SUBCATEGORY_TEXTS[subcategory][FEED_LANGUAGE],
    })),
  ];
}

function physical(product: ProductDetail): boolean {
  return product.category !== 'book' || (product.bookFormats ?? ['physical']).includes('physical');
}

/**
 * The offers of the listed products, in the catalogue's order. A product with options offers the
 * variants that name a value of every option (a leftover variant without values is nothing a
 * customer can choose); a product without options offers its default variant at its own page.
 */
export function feedOffers(products: ProductDetail[], publicUrl: string): FeedOffer[] {
  const links = siteLinks(publicUrl);
  return products.flatMap((product) => {
    const name = localize(product.name, FEED_LANGUAGE).trim();
    const description = localize(product.description, FEED_LANGUAGE).trim() || name;
    const category = product.subcategory ? SUBCATEGORY_IDS[product.subcategory].id : CATEGORY_IDS[product.category];
    const categoryPath = [
      CATEGORY_TEXTS[product.category][FEED_LANGUAGE],
      ...(product.subcategory ? [SUBCATEGORY_TEXTS[product.subcategory][FEED_LANGUAGE]] : []),
    ];
    const hasOptions = product.options.length > 0;
    return product.variants.flatMap((variant): FeedOffer[] => {
      const params: FeedParam[] = [];
      for (const [index, option] of product.options.entries()) {
        const value = option.values.find((v) => v.id === variant.optionValues[index]);
        if (!value) return [];
        params.push({ name: localize(option.name, FEED_LANGUAGE), value: localize(value.label, FEED_LANGUAGE) });
      }
      const pictures = [...new Set([...variant.images, ...product.images].map((image) => links.to(image.large)))];
      return [
        {
          id: variant.id,
          productId: product.id,
          groupId: hasOptions ? product.id : null,
          name: params.length > 0 ? `${name}, ${params.map((p) => p.value).join(', ')}` : name,
          description,
          url: links.to(productVariantPath(product.id, hasOptions ? variant.id : undefined)),
          priceMinor: toMinor(variant.price.RUB),
          availability: variant.availability,
          available: variant.available,
          pictures: pictures.slice(0, MAX_PICTURES),
          categoryId: category,
          categoryPath,
          params,
          physical: physical(product),
        },
      ];
    });
  });
}

/** One way an offer reaches a customer at home: its price (roubles, minor units) and working days. */
export interface FeedDeliveryOption {
  costMinor: number;
  minDays: number;
  maxDays: number;
}

export interface FeedDelivery {
  /** Brought to the door (the shop's courier methods), cheapest first, no two at one price. */
  courier: FeedDeliveryOption[];
  /** Collected at the workshop, when it has an address. */
  pickup: FeedDeliveryOption | null;
}

/** Brought to the customer's door by the shop's couriers (post and CDEK points are not doors). */
const COURIER_METHODS: readonly DeliveryMethod[] = ['standard', 'express'];

/**
 * What delivering `priceMinor` worth of goods at home costs and takes, by the rule checkout applies
 * (`estimateDelivery`: the flat prices, free from the threshold, none when the owner does not ship
 * at home). Of several options at one price only the fastest is kept: an option that costs the
 * same and takes longer is not one anybody picks, and Yandex wants options to differ in both.
 */
export function feedDelivery(priceMinor: number, isPhysical: boolean, settings: DeliverySettings): FeedDelivery {
  const estimate = estimateDelivery({
    currency: 'RUB',
    goodsMinor: priceMinor,
    hasPhysical: isPhysical,
    country: HOME_COUNTRY,
    shippingCountries: settings.shippingCountries,
  });
  if (estimate.kind !== 'options') return { courier: [], pickup: null };
  const byCost = new Map<number, FeedDeliveryOption>();
  for (const option of estimate.options) {
    if (!COURIER_METHODS.includes(option.method) || option.costMinor === null) continue;
    const kept = byCost.get(option.costMinor);
    if (!kept || option.maxDays < kept.maxDays) {
      byCost.set(option.costMinor, { costMinor: option.costMinor, minDays: option.minDays, maxDays: option.maxDays });
    }
  }
  const pickup = estimate.options.find((option) => option.method === 'pickup');
  const workshop = settings.pickup.address.ru.trim() !== '';
  return {
    courier: [...byCost.values()].sort((a, b) => a.costMinor - b.costMinor),
    pickup:
      workshop && pickup && pickup.costMinor !== null
        ? { costMinor: pickup.costMinor, minDays: pickup.minDays, maxDays: pickup.maxDays }
        : null,
  };
}

/** Minor units as the feeds write an amount: "1500.00". */
export function amountText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
