import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

/** A lesson's or course's second way to buy: into the cart, or, once there, a link to the cart. */
export function AddToCartButton({ inCart, onAdd }: { inCart: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  return inCart ? (
    <Link to="/cart" className="btn btn-outline mt-3 w-full">
      {t('training.inCart')}
    </Link>
  ) : (
    <button type="button" className="btn btn-outline mt-3 w-full" onClick={onAdd}>
      {t('training.addToCart')}
    </button>
  );
}
