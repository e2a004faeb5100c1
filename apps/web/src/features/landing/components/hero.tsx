import { localize } from '@atelier/shared';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { usePortfolio } from '../../portfolio/api/get-portfolio';
import { useLanding } from '../api/get-landing';

export function Hero() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: landing } = useLanding();
  const { data: works } = usePortfolio('all');
  const covers = (works ?? [])
    .map((item) => ({ item, image: item.images[item.mainImageIndex] ?? item.images[0] }))
    .filter((entry) => entry.image !== undefined)
    .slice(0, 2);
  const [first, second] = covers;
  const title = landing ? localize(landing.heroTitle, language) : '';
  const subtitle = landing ? localize(landing.heroSubtitle, language) : '';

  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-blush-50 via-cream to-cream"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 size-[28rem] rounded-full bg-blush-100/70 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-40 -left-32 size-80 rounded-full bg-sage-100/80 blur-3xl"
      />
      <div className="container-page relative grid grid-cols-1 items-center gap-8 py-10 sm:gap-12 sm:py-20 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-16 lg:py-24">
        <div className="max-w-xl">
          <p className="eyebrow mb-5">{t('landing.heroEyebrow')}</p>
          <h1 id="hero-title" className="text-5xl leading-[1.02] sm:text-6xl lg:text-7xl">
            {title || t('landing.heroFallbackTitle')}
          </h1>
          <p className="mt-5 max-w-lg text-lg leading-relaxed text-ink-soft sm:mt-6">
            {subtitle || t('landing.heroFallbackSubtitle')}
          </p>
          <div className="mt-7 flex flex-wrap gap-3 sm:mt-9">
            <Link to="/shop" className="btn btn-primary">
              {t('landing.heroShop')}
            </Link>
            <Link to="/training" className="btn btn-outline">
              {t('landing.heroTraining')}
            </Link>
          </div>
          <dl className="mt-8 grid max-w-md grid-cols-3 gap-4 border-t border-line pt-6 sm:mt-12">
            {(['handmade', 'silk', 'lessons'] as const).map((key) => (
              <div key={key}>
                <dt className="font-serif text-2xl font-semibold text-rose-700">{t(`landing.facts.${key}.value`)}</dt>
                <dd className="mt-1 text-xs leading-snug text-muted">{t(`landing.facts.${key}.label`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          {/* On a phone the art is a short band under the buttons, not a screen of decoration before what follows. */}
          <div className="relative aspect-[16/9] overflow-hidden rounded-[2rem] bg-blush-100 shadow-soft sm:aspect-[4/5] sm:rounded-t-[12rem] sm:rounded-b-[2rem]">
            {first?.image ? (
              <ResponsiveImage
                image={first.image}
                alt={localize(first.item.title, language)}
                sizes="(min-width: 1024px) 34rem, 90vw"
                priority
                className="size-full object-cover"
              />
            ) : null}
          </div>
          {second?.image ? (
            <div className="absolute -bottom-8 -left-4 hidden w-40 overflow-hidden rounded-full border-[6px] border-cream shadow-soft sm:block lg:-left-12 lg:w-48">
              <ResponsiveImage
                image={second.image}
                alt={localize(second.item.title, language)}
                sizes="12rem"
                className="aspect-square size-full object-cover"
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
