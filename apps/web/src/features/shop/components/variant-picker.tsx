import type { ProductOption, ProductVariant } from '@atelier/shared';
import { useId } from 'react';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { type Choice, valueAvailable } from '../variant-choice';

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: Choice;
  onChoose: (index: number, value: string) => void;
}

/**
 * One radio group of chips per option. A value that cannot be bought with the other choices stays
 * choosable (and focusable): it is struck through and says so in its name, so choosing it is
 * never a surprise and the shopper can still look at its price and photos.
 */
export function VariantPicker({ options, variants, choice, onChoose }: VariantPickerProps) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const name = useId();
  return (
    <>
      {options.map((option, index) => {
        const legend = localized(option.name);
        return (
          <fieldset key={option.id}>
            <legend className="field-label" lang={legend.lang}>
              {legend.text}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const label = localized(value.label);
                const available = valueAvailable(variants, choice, index, value.id);
                return (
                  <label
                    key={value.id}
                    className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border border-line bg-white px-4 text-sm font-semibold has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
                  >
                    <input
                      type="radio"
                      name={`${name}-${option.id}`}
                      value={value.id}
                      checked={choice[index] === value.id}
                      onChange={() => onChoose(index, value.id)}
                      // Said in one piece ("Винный, нет в наличии"): the strike-through alone is not heard.
                      aria-label={available ? undefined : `${label.text}, ${t('shop.variant.outOfStock')}`}
                      className="sr-only"
                    />
                    <span lang={label.lang} className={available ? undefined : 'text-muted line-through'}>
                      {label.text}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
