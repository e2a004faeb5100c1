import { type Product, productPath } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Modal } from '../../../shared/ui/modal';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
import { isRemoved, useProduct } from '../api/get-product';
import { ProductGone } from './product-gone';
import { ProductView } from './product-view';

/**
 * `?product={id}` opens the product over the shop (its own page is `/shop/{id}`, the canonical
 * URL); closing it removes the parameter. The shop loads this code only when a product is opened.
 * A product the owner removed opens no dialog: the shop shows, above its list, that it is no longer
 * available and what is like it (rendered by the server too, which answers 410).
 */
export function ProductModal({
  productId,
  initial,
  onClose,
}: {
  productId: string | null;
  initial?: Product;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const query = useProduct(productId);
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (productId) setAdded(false);
  }, [productId]);

  if (isRemoved(query.data)) {
    return (
      <div className="container-page pb-8">
        <ProductGone removed={query.data} level={2} />
      </div>
    );
  }
  const product = query.data ?? initial;

  return (
    <Modal
      open={productId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        product ? (
          <span lang={localized(product.name).lang}>{localized(product.name).text}</span>
        ) : (
          t('shop.productTitle')
        )
      }
      size="xl"
    >
      {product ? (
        <>
          <ProductView key={product.id} product={product} place="dialog" onAdded={() => setAdded(true)} />
          {added ? (
            <div
              className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sage-100 px-5 py-4"
              role="status"
            >
              <span className="font-semibold text-sage-700">{t('cart.added')}</span>
              <Link to="/cart" className="btn btn-outline btn-sm" onClick={onClose}>
                {t('shop.goToCart')}
              </Link>
            </div>
          ) : null}
          <p className="mt-6 text-center text-sm">
            <Link to={productPath(product.id)} className="link">
              {t('shop.page.open')}
            </Link>
          </p>
        </>
      ) : query.isError ? (
        <ErrorState message={t('shop.productMissing')} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
