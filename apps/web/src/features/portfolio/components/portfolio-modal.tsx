import type { PortfolioItem } from '@atelier/shared';
import { Link } from 'react-router';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Gallery } from '../../../shared/ui/gallery';
import { Modal } from '../../../shared/ui/modal';
import { RichText } from '../../../shared/ui/rich-text';

/** Detail of one work: gallery with thumbnails, description, "order similar" and "request a custom piece". */
export function PortfolioModal({ item, onClose }: { item: PortfolioItem | null; onClose: () => void }) {
  const { t } = useTranslation();

  const localized = useLocalized();
  const shownTitle = localized(item?.title);
  const title = shownTitle.text;
  const description = localized(item?.description);
  const orderHref = item?.linkedProductId ? `/shop?product=${encodeURIComponent(item.linkedProductId)}` : '/shop';

  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<span lang={shownTitle.lang}>{title}</span>}
      size="xl"
    >
      {item ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] md:gap-8">
          <Gallery
            key={item.id}
            images={item.images}
            initialIndex={item.mainImageIndex}
            alt={(number) => t('portfolio.photoOf', { title, number })}
            sizes="(min-width: 768px) 36rem, 92vw"
            frameClassName="aspect-[4/5] bg-blush-100"
            largeThumbs
          />
          <div className="flex flex-col">
            <p className="eyebrow">{t(`portfolio.categories.${item.category}`)}</p>
            <div className="mt-4 text-base" lang={description.lang}>
              <RichText text={description.text} />
            </div>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap md:mt-auto md:pt-8">
              <Link to={orderHref} className="btn btn-primary w-full sm:w-auto" onClick={onClose}>
                {t('portfolio.orderSimilar')}
              </Link>
              <Link
                to={`/custom-order?portfolio=${encodeURIComponent(item.id)}`}
                className="btn btn-outline w-full sm:w-auto"
                onClick={onClose}
              >
                {t('portfolio.requestCustom')}
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
