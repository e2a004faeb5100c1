import {
  fromMinor,
  type Language,
  localize,
  type Product,
  type ProductDetail,
  type ProductVariant,
  priceFromMinor,
  productPath,
} from '@atelier/shared';
import { absoluteUrl, offersJsonLd } from '../../platform/http/seo';
import type { ProductRow, VariantRow } from './shop.repo';

export function toProduct(row: ProductRow): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    description: row.description,
    price: priceFromMinor(row),
    images: row.images,
    category: row.category,
    availability: row.availability,
    stock: row.stock,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.subcategory) product.subcategory = row.subcategory;
  if (row.size) product.size = row.size;
  if (row.materials) product.materials = row.materials;
  if (row.care) product.care = row.care;
  // Formats only mean something for books (a stale value on another category is not shown); a
  // book saved without formats is an ordinary printed one.
  if (row.category === 'book') product.bookFormats = row.bookFormats?.length ? row.bookFormats : ['physical'];
  return product;
}

/**
 * A variant as the shop sells it: what it leaves unset is the product's. The counted stock of a
 * product without options is the product's own (its default variant is the product); a variant of
 * a product with options counts its own stock, or none.
 */
export function toVariant(product: ProductRow, row: VariantRow): ProductVariant {
  const rub = row.priceRub ?? product.priceRub;
  const eur = row.priceEur ?? product.priceEur;
  const usd = row.priceUsd ?? product.priceUsd;
  const availability = row.availability ?? product.availability;
  const stock = product.options.length === 0 ? product.stock : row.stock;
  const variant: ProductVariant = {
    id: row.id,
    sku: row.sku,
    optionValues: row.optionValues,
    price: { RUB: fromMinor(rub) },
    availability,
    available: availability !== 'out_of_stock' && stock !== 0,
    images: row.images,
  };
  if (eur !== null) variant.price.EUR = fromMinor(eur);
  if (usd !== null) variant.price.USD = fromMinor(usd);
  if (stock !== null) variant.stock = stock;
  return variant;
}

/** `GET /api/shop/:id`: the product, its options and its variants. */
export function toProductDetail(row: ProductRow, variants: VariantRow[]): ProductDetail {
  return { ...toProduct(row), options: row.options, variants: variants.map((v) => toVariant(row, v)) };
}

const AVAILABILITY_URL = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  on_order: 'https://schema.org/MadeToOrder',
} as const;

/** schema.org Product with one Offer per currency the product is sold in. */
export function productJsonLd(product: Product, lang: Language, publicUrl: string): object {
  const url = absoluteUrl(publicUrl, productPath(product.id));
  // Counted stock that ran out wins over the availability flag the admin set.
  const availability = AVAILABILITY_URL[product.stock === 0 ? 'out_of_stock' : product.availability];
  const offers = offersJsonLd(product.price, { availability, url });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    sku: product.id,
    name: localize(product.name, lang),
    description: localize(product.description, lang),
    image: product.images.map((image) => absoluteUrl(publicUrl, image.large)),
    category: product.category,
    url,
    offers,
  };
}
