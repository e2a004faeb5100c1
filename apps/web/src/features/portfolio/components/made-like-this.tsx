import { localize } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { portfolioQueryOptions } from '../api/get-portfolio';

/** How many portfolio pieces are searched for the ones made after this product. */
const PORTFOLIO_SCAN = 100;

/** Portfolio pieces the owner linked to this product ("order similar"). */
export function MadeLikeThis({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useQuery(portfolioQueryOptions('all', PORTFOLIO_SCAN));
  const pieces = (data ?? []).filter((piece) => piece.linkedProductId === productId);
  if (pieces.length === 0) return null;
  return (
    <section aria-labelledby="portfolio-title" className="mt-14">
      <h2 id="portfolio-title" className="mb-5 font-serif text-3xl">
        {t('shop.page.portfolio')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {pieces.map((piece) => {
          const image = piece.images[piece.mainImageIndex] ?? piece.images[0];
          const title = localize(piece.title, language);
          return (
            <li key={piece.id}>
              <figure>
                <div className="aspect-square overflow-hidden rounded-2xl bg-blush-50">
                  {image ? (
                    <ResponsiveImage
                      image={image}
                      // The caption under it says what it is: the picture itself adds nothing to read.
                      alt=""
                      sizes="(min-width: 1024px) 16rem, 45vw"
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <figcaption className="mt-2 font-serif text-lg leading-tight">{title}</figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
