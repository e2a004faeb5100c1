import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

/** "Shop" and "Training": where an empty list (cart, favourites) sends the customer. */
export function BrowseLinks({ className = 'mt-6' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${className} flex flex-wrap justify-center gap-3`}>
      <Link to="/shop" className="btn btn-primary">
        {t('nav.shop')}
      </Link>
      <Link to="/training" className="btn btn-outline">
        {t('nav.training')}
      </Link>
    </div>
  );
}
