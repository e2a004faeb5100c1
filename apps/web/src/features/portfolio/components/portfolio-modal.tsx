import { localize, type PortfolioItem } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { Modal } from '../../../shared/ui/modal';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { RichText } from '../../../shared/ui/rich-text';

/** Detail of one work: gallery with thumbnails, description and "order similar" (SPEC §2). */
export function PortfolioModal({ item, onClose }: { item: PortfolioItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    setIndex(item ? Math.min(item.mainImageIndex, Math.max(item.images.length - 1, 0)) : 0);
  }, [item]);

  const title = item ? localize(item.title, language) : '';
  const image = item?.images[index];
  const orderHref = item?.linkedProductId ? `/shop?product=${encodeURIComponent(item.linkedProductId)}` : '/shop';

  return (
    <Modal open={item !== null} onOpenChange={(open) => !open && onClose()} title={title} size="xl">
      {item ? (
        <div className="grid gap-6 md:grid-cols-[1.25fr_1fr] md:gap-8">
          <div>
            <div className="aspect-[4/5] overflow-hidden rounded-2xl bg-blush-100">
              {image ? (
                <ResponsiveImage
                  image={image}
                  alt={t('portfolio.photoOf', { title, number: index + 1 })}
                  sizes="(min-width: 768px) 36rem, 92vw"
                  priority
                  className="size-full object-cover"
                />
              ) : null}
            </div>
            {item.images.length > 1 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('portfolio.thumbnails')}>
                {item.images.map((thumb, thumbIndex) => (
                  <li key={thumb.url}>
                    <button
                      type="button"
                      onClick={() => setIndex(thumbIndex)}
                      aria-label={t('portfolio.showPhoto', { number: thumbIndex + 1 })}
                      aria-current={thumbIndex === index ? 'true' : undefined}
                      className="block size-16 overflow-hidden rounded-xl border-2 border-transparent opacity-80 transition hover:opacity-100 aria-[current=true]:border-rose-600 aria-[current=true]:opacity-100 sm:size-20"
                    >
                      <img
                        src={thumb.thumb}
                        alt=""
                        width={80}
                        height={80}
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="flex flex-col">
            <p className="eyebrow">{t(`portfolio.categories.${item.category}`)}</p>
            <div className="mt-4 text-base">
              <RichText text={localize(item.description, language)} />
            </div>
            <div className="mt-8 md:mt-auto md:pt-8">
              <Link to={orderHref} className="btn btn-primary w-full sm:w-auto" onClick={onClose}>
                {t('portfolio.orderSimilar')}
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
