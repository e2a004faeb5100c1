import { Link } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { SectionHeading } from '../../../shared/ui/states';
import { useFeatured } from '../api/get-featured';

/**
 * The home page's products (#featured), right after the hero: photo, name and price in the
 * visitor's currency, each a plain link to its page in the shop. Nothing here needs a script.
 */
export function FeaturedProducts() {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = usePriceFormatter();
  const { data: products } = useFeatured();
  if (!products || products.length === 0) return null;

  return (
    <section id="featured" aria-labelledby="featured-title" className="scroll-mt-32 py-14 sm:py-20">
      <div className="container-page">
        <SectionHeading id="featured-title" eyebrow={t('shop.featured.eyebrow')} title={t('shop.featured.title')} />
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {products.map((product) => {
            const image = product.images[0];
            return (
              <li key={product.id}>
                <Link
                  to={`/shop?product=${product.id}`}
                  className="group flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-ivory shadow-card transition-shadow hover:shadow-soft"
                >
                  <span className="block aspect-square overflow-hidden bg-blush-50">
                    {image ? (
                      <ResponsiveImage
                        image={image}
                        alt=""
                        sizes="(min-width: 1024px) 18rem, 45vw"
                        className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                      />
                    ) : null}
                  </span>
                  <span className="flex flex-1 flex-col gap-1 p-3 sm:p-5">
                    <span
                      className="font-serif text-lg leading-tight wrap-anywhere group-hover:text-rose-700 sm:text-2xl"
                      lang={localized(product.name).lang}
                    >
                      {localized(product.name).text}
                    </span>
                    <span className="mt-auto pt-1 font-semibold text-rose-700 sm:text-lg">{format(product.price)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-8 flex justify-center">
          <Link to="/shop" className="btn btn-outline">
            {t('shop.featured.all')}
          </Link>
        </div>
      </div>
    </section>
  );
}
