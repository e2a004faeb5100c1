// Apart from the variant schemas: the product page names a cart line with it and loads no zod for it.

/** "Пион — Пудровый, 40 см": a product's name with its variant's option values, per language. */
export function variantName(
  name: { ru: string; en?: string | undefined; es?: string | undefined },
  label: { ru: string; en?: string | undefined; es?: string | undefined } | null,
): { ru: string; en?: string; es?: string } {
  if (!label) return name as { ru: string; en?: string; es?: string };
  return {
    ru: `${name.ru} — ${label.ru}`,
    en: `${name.en || name.ru} — ${label.en || label.ru}`,
    es: `${name.es || name.ru} — ${label.es || label.ru}`,
  };
}
