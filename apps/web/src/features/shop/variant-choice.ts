import type { Image, LocalizedText, Price, ProductOption, ProductVariant } from '@atelier/shared';

/** The shopper's choice: one value id per option, in the options' order. */
export type Choice = readonly string[];

type Variants = readonly Pick<ProductVariant, 'id' | 'optionValues' | 'available'>[];

/** The variant the choice names, if the product comes that way. */
export function variantOf<V extends Variants[number]>(variants: readonly V[], choice: Choice): V | undefined {
  return variants.find(
    (variant) =>
      variant.optionValues.length === choice.length && variant.optionValues.every((id, i) => id === choice[i]),
  );
}

/** The choice with option `index` set to `value`, the others kept. */
export function choose(choice: Choice, index: number, value: string): string[] {
  return choice.map((id, i) => (i === index ? value : id));
}

/** Whether `value` of option `index` can go in a cart with the other choices as they are. */
export function valueAvailable(variants: Variants, choice: Choice, index: number, value: string): boolean {
  return variantOf(variants, choose(choice, index, value))?.available === true;
}

/**
 * What the page opens with: the variant the address names (`variant=`), else the first one on
 * sale, else the first; a product without options has nothing to choose.
 */
export function initialChoice(options: readonly ProductOption[], variants: Variants, variantId: string | null): Choice {
  if (options.length === 0) return [];
  const complete = variants.filter((variant) => variant.optionValues.length === options.length);
  const named = complete.find((variant) => variant.id === variantId);
  const picked = named ?? complete.find((variant) => variant.available) ?? complete[0];
  return picked ? picked.optionValues : options.map((option) => option.values[0]?.id ?? '');
}

/** The address with the chosen variant in `variant=` (the product's own parameters kept). */
export function withVariant(search: URLSearchParams, variantId: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (variantId) next.set('variant', variantId);
  else next.delete('variant');
  return next;
}

/** "Пудровый, 45 см": the chosen values' labels in the options' order, per language. */
export function variantLabel(options: readonly ProductOption[], choice: Choice): LocalizedText | null {
  if (options.length === 0) return null;
  const labels = options.map((option, i) => option.values.find((value) => value.id === choice[i])?.label);
  if (labels.some((label) => !label)) return null;
  const join = (lang: 'ru' | 'en' | 'es') => labels.map((label) => label?.[lang] || label?.ru).join(', ');
  return { ru: join('ru'), en: join('en'), es: join('es') };
}

/** The variant's price (the server's figures) in the shape the price formatter reads. */
export function variantPrice(variant: Pick<ProductVariant, 'price'>): Price {
  return { rub: variant.price.RUB, eur: variant.price.EUR ?? null, usd: variant.price.USD ?? null };
}

/** The variant's own photos first, then the product's it does not repeat. */
export function variantImages(own: readonly Image[], product: readonly Image[]): Image[] {
  const urls = new Set(own.map((image) => image.url));
  return [...own, ...product.filter((image) => !urls.has(image.url))];
}
