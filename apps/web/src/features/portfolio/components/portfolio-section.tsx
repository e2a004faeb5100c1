import { PORTFOLIO_CATEGORIES, type PortfolioItem } from '@atelier/shared';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { preloadModal } from '../../../shared/ui/modal';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { EmptyState, ErrorState, SectionHeading } from '../../../shared/ui/states';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once';
import { type PortfolioFilter, usePortfolio } from '../api/get-portfolio';

const FILTERS: PortfolioFilter[] = ['all', ...PORTFOLIO_CATEGORIES];

// The detail dialog is not part of the first paint: it loads on first open, or when a card is
// pointed at or focused, so that the open is usually instant.
const loadModal = () => import('./portfolio-modal');
const PortfolioModal = lazy(() => loadModal().then((module) => ({ default: module.PortfolioModal })));
const preloadDetail = () => {
  void loadModal();
  preloadModal();
};

/** The portfolio on the home page; `students` is what follows the pieces (the students' works, composed by the app). */
export function PortfolioSection({ students }: { students?: ReactNode }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const [filter, setFilter] = useState<PortfolioFilter>('all');
  const [selected, setSelected] = useState<PortfolioItem | null>(null);
  const { data: items, isPending, isError, isFetching, refetch } = usePortfolio(filter);
  const modalUsed = useOpenedOnce(selected !== null);

  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="scroll-mt-32 bg-ivory py-20 sm:py-28">
      <div className="container-page">
        <SectionHeading id="portfolio-title" eyebrow={t('portfolio.eyebrow')} title={t('portfolio.title')}>
          {t('portfolio.lead')}
        </SectionHeading>
        <ChipGroup
          legend={t('portfolio.filterLabel')}
          className="mb-10"
          listClassName="flex flex-wrap justify-center gap-2"
          options={FILTERS}
          value={filter}
          onChange={setFilter}
          label={(value) => t(`portfolio.categories.${value}`)}
        />
        {isPending ? (
          <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => index).map((index) => (
              <div key={index} className="aspect-[4/5] animate-pulse rounded-3xl bg-blush-100" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('portfolio.empty')} />
        ) : (
          <ul
            className={`grid grid-cols-2 gap-3 transition-opacity sm:gap-5 lg:grid-cols-4 ${isFetching ? 'opacity-70' : ''}`}
            aria-busy={isFetching}
          >
            {items.map((item) => {
              const image = item.images[item.mainImageIndex] ?? item.images[0];
              const shownTitle = localized(item.title);
              const title = shownTitle.text;
              return (
                // The section sits below the hero and about: every photo loads lazily, at normal
                // priority, so it never competes with the hero image; the card's blush background
                // shows until it arrives and the 4:5 frame keeps the layout from shifting.
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(item)}
                    onPointerEnter={preloadDetail}
                    onFocus={preloadDetail}
                    className="group relative block aspect-[4/5] w-full overflow-hidden rounded-3xl bg-blush-100 text-left shadow-card"
                  >
                    {image ? (
                      <ResponsiveImage
                        image={image}
                        alt=""
                        sizes="(min-width: 1024px) 17rem, (min-width: 640px) 45vw, 48vw"
                        className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                      />
                    ) : null}
                    <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/80 via-ink/35 to-transparent p-3 pt-12 sm:p-5 sm:pt-16">
                      <span className="block text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-blush-100">
                        {t(`portfolio.categories.${item.category}`)}
                      </span>
                      <span
                        className="mt-1 block font-serif text-lg leading-tight text-white wrap-anywhere sm:text-2xl"
                        lang={shownTitle.lang}
                      >
                        {title}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {students}
      </div>
      {modalUsed ? (
        <Suspense fallback={null}>
          <PortfolioModal item={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
