import { localize } from '@atelier/shared';
import { useState } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useProduct } from '../../shop/api/get-product';
import { useProducts } from '../../shop/api/get-products';

/**
 * Picks the shop product behind "order similar": a search box over the public catalogue
 * (GET /shop?search=) and a select of the matches; "none" sends visitors to /shop.
 */
export function ProductPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const products = useProducts({ search: search.trim() || undefined, sort: 'name', page: 1, limit: 50 });
  const current = useProduct(value);
  const options = products.data?.items ?? [];
  const currentMissing = value !== null && !options.some((product) => product.id === value);

  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-2xl border border-line p-4">
      <legend className="field-label px-1">{t('portfolio.admin.fields.product')}</legend>
      <div>
        <label htmlFor="portfolio-product-search" className="field-label">
          {t('portfolio.admin.productSearch')}
        </label>
        <input
          id="portfolio-product-search"
          type="search"
          className="input"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="portfolio-product" className="field-label">
          {t('portfolio.admin.productChoice')}
        </label>
        <select
          id="portfolio-product"
          className="input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">{t('portfolio.admin.noProduct')}</option>
          {currentMissing ? (
            <option value={value}>
              {current.data ? localize(current.data.name, language) : t('portfolio.admin.currentProduct')}
            </option>
          ) : null}
          {options.map((product) => (
            <option key={product.id} value={product.id}>
              {localize(product.name, language)}
            </option>
          ))}
        </select>
        <p className="mt-1.5 text-sm text-muted">
          {products.isFetching ? t('common.loading') : t('portfolio.admin.productHint', { count: options.length })}
        </p>
      </div>
    </fieldset>
  );
}
