/**
 * The catalogue in YML (Yandex Market Language) for Yandex Products, the simplified offer type:
 * `yml_catalog` dated when it was made (RFC 3339 with its zone), the shop (name, company, url), the
 * currency (RUR), the categories, the delivery terms, then one `offer` per variant with what Yandex
 * requires of each (id, name, vendor, url, price, currencyId, categoryId, picture, description).
 * The variants of a product with options are one group (`group_id`), each with its values as
 * `param`s.
 */
import {
  amountText,
  type FeedCategory,
  type FeedDelivery,
  type FeedDeliveryOption,
  type FeedOffer,
} from './feeds.offers';
import { clip, element, emptyElement, xmlText } from './feeds.xml';

/** Yandex reads a description of up to 3000 characters. */
export const YML_DESCRIPTION_MAX = 3000;

/** Roubles: the one currency Yandex Products takes, by its YML code. */
const CURRENCY = 'RUR';

export interface YmlInput {
  now: Date;
  shop: { name: string; company: string; url: string };
  categories: FeedCategory[];
  /** The terms of an offer below the free-delivery threshold: written once for the whole shop. */
  delivery: FeedDelivery;
  offers: { offer: FeedOffer; delivery: FeedDelivery }[];
}

/** `2025-05-22T14:37:00+00:00`: RFC 3339 with the zone written out, as Yandex asks. */
export function ymlDate(now: Date): string {
  return `${now.toISOString().slice(0, 19)}+00:00`;
}

function days(option: FeedDeliveryOption): string {
  return option.minDays === option.maxDays ? String(option.minDays) : `${option.minDays}-${option.maxDays}`;
}

function options(name: 'delivery-options' | 'pickup-options', list: FeedDeliveryOption[], indent: string): string[] {
  if (list.length === 0) return [];
  // Yandex reads whole roubles only.
  return [
    `${indent}<${name}>`,
    ...list.map(
      (option) =>
        `${indent}  ${emptyElement('option', { cost: String(Math.round(option.costMinor / 100)), days: days(option) })}`,
    ),
    `${indent}</${name}>`,
  ];
}

function sameOptions(a: FeedDeliveryOption[], b: FeedDeliveryOption[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function offerXml(offer: FeedOffer, delivery: FeedDelivery, shop: YmlInput['shop'], shopDelivery: FeedDelivery) {
  const attributes: Record<string, string> = { id: offer.id, available: String(offer.available) };
  if (offer.groupId) attributes.group_id = offer.groupId;
  const i = '        ';
  const lines = [
    `      <offer${Object.entries(attributes)
      .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
      .join('')}>`,
    i + element('name', offer.name),
    i + element('vendor', shop.name),
    i + element('url', offer.url),
    i + element('price', amountText(offer.priceMinor)),
    i + element('currencyId', CURRENCY),
    i + element('categoryId', String(offer.categoryId)),
    ...offer.pictures.map((picture) => i + element('picture', picture)),
    i + element('delivery', String(delivery.courier.length > 0)),
    // An offer's own terms only where they differ from the shop's (free from the threshold).
    ...(sameOptions(delivery.courier, shopDelivery.courier) ? [] : options('delivery-options', delivery.courier, i)),
    i + element('pickup', String(delivery.pickup !== null)),
    i + element('description', clip(offer.description, YML_DESCRIPTION_MAX)),
    ...offer.params.map((param) => i + element('param', param.value, { name: param.name })),
    '      </offer>',
  ];
  return lines.join('\n');
}

export function renderYml(input: YmlInput): string {
  const { shop } = input;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(input.now)}">`,
    '  <shop>',
    `    ${element('name', shop.name)}`,
    `    ${element('company', shop.company)}`,
    `    ${element('url', shop.url)}`,
    '    <currencies>',
    `      ${emptyElement('currency', { id: CURRENCY, rate: '1' })}`,
    '    </currencies>',
    '    <categories>',
    ...input.categories.map(
      (category) =>
        `      ${element('category', category.name, {
          id: String(category.id),
          ...(category.parentId === undefined ? {} : { parentId: String(category.parentId) }),
        })}`,
    ),
    '    </categories>',
    ...options('delivery-options', input.delivery.courier, '    '),
    ...options('pickup-options', input.delivery.pickup ? [input.delivery.pickup] : [], '    '),
    '    <offers>',
    ...input.offers.map(({ offer, delivery }) => offerXml(offer, delivery, shop, input.delivery)),
    '    </offers>',
    '  </shop>',
    '</yml_catalog>',
    '',
  ].join('\n');
}
