/**
 * The catalogue for Google Merchant Center: RSS 2.0 with the `g:` namespace, one `item` per variant
 * with the attributes Google requires of a product (id, title, description, link, image_link,
 * availability, price, condition, brand; `identifier_exists` no, as handmade pieces have no GTIN or
 * MPN), the variants of one product grouped by `item_group_id`, and the home delivery terms as
 * `shipping`. The ids are the YML offers' ids, so both channels name a variant alike.
 */
import { HOME_COUNTRY } from '@atelier/shared';
import { amountText, type FeedDelivery, type FeedOffer } from './feeds.offers';
import { clip, element } from './feeds.xml';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
/** Google's limits: a title of 150 characters, a description of 5000, ten additional images. */
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;

/**
 * Google takes an order for something not made yet as `preorder`, and then requires the day it can
 * be sent (`availability_date`). The shop names no term for made-to-order pieces (the product page
 * says it is agreed after the order), so the feed promises this many days from the day it is made
 * (docs/decisions/0108-product-feeds.md).
 */
export const MADE_TO_ORDER_DAYS = 14;

export type GoogleAvailability = 'in_stock' | 'out_of_stock' | 'preorder';

export function googleAvailability(offer: Pick<FeedOffer, 'available' | 'availability'>): GoogleAvailability {
  if (!offer.available) return 'out_of_stock';
  return offer.availability === 'on_order' ? 'preorder' : 'in_stock';
}

/** ISO 8601 with minutes and zone, as Google writes `availability_date`: `2025-06-05T00:00Z`. */
export function availabilityDate(now: Date, days: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return `${date.toISOString().slice(0, 10)}T00:00Z`;
}

export interface GoogleInput {
  now: Date;
  shop: { name: string; url: string; description: string };
  offers: { offer: FeedOffer; delivery: FeedDelivery }[];
}

function itemXml(offer: FeedOffer, delivery: FeedDelivery, input: GoogleInput): string {
  const i = '      ';
  const g = (name: string, text: string) => i + element(`g:${name}`, text);
  const availability = googleAvailability(offer);
  const [image, ...more] = offer.pictures;
  const lines = [
    '    <item>',
    g('id', offer.id),
    g('title', clip(offer.name, GOOGLE_TITLE_MAX)),
    g('description', clip(offer.description, GOOGLE_DESCRIPTION_MAX)),
    g('link', offer.url),
    ...(image ? [g('image_link', image)] : []),
    ...more.map((picture) => g('additional_image_link', picture)),
    g('availability', availability),
    ...(availability === 'preorder' ? [g('availability_date', availabilityDate(input.now, MADE_TO_ORDER_DAYS))] : []),
    g('price', `${amountText(offer.priceMinor)} RUB`),
    g('condition', 'new'),
    g('brand', input.shop.name),
    g('identifier_exists', 'no'),
    ...(offer.groupId ? [g('item_group_id', offer.groupId)] : []),
    g('product_type', offer.categoryPath.join(' > ')),
    ...delivery.courier.flatMap((option) => [
      `${i}<g:shipping>`,
      `${i}  ${element('g:country', HOME_COUNTRY)}`,
      `${i}  ${element('g:price', `${amountText(option.costMinor)} RUB`)}`,
      `${i}  ${element('g:min_transit_time', String(option.minDays))}`,
      `${i}  ${element('g:max_transit_time', String(option.maxDays))}`,
      `${i}</g:shipping>`,
    ]),
    '    </item>',
  ];
  return lines.join('\n');
}

export function renderGoogle(input: GoogleInput): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '  <channel>',
    `    ${element('title', input.shop.name)}`,
    `    ${element('link', input.shop.url)}`,
    `    ${element('description', input.shop.description)}`,
    ...input.offers.map(({ offer, delivery }) => itemXml(offer, delivery, input)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
