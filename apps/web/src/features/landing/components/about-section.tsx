import { localize } from '@atelier/shared';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FlowerIcon } from '../../../shared/ui/icons';
import { Markdown } from '../../../shared/ui/markdown';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { ErrorState } from '../../../shared/ui/states';
import { useAbout } from '../api/get-about';

export function AboutSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalized();
  const { data: about, isPending, isError, refetch } = useAbout();

  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-32 overflow-x-clip py-14 sm:py-28">
      <div className="container-page grid grid-cols-1 items-center gap-10 sm:gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="relative mx-auto w-full max-w-md">
          <div aria-hidden="true" className="absolute -inset-4 -z-10 rotate-3 rounded-[2.5rem] bg-blush-100" />
          <div className="aspect-[3/2] overflow-hidden rounded-[2rem] bg-blush-50 shadow-soft sm:aspect-[4/5]">
            {about?.image ? (
              <ResponsiveImage
                image={about.image}
                alt={localize(about.title, language)}
                sizes="(min-width: 1024px) 28rem, 90vw"
                className="size-full object-cover"
              />
            ) : (
              <div
                aria-hidden="true"
                className="flex size-full items-center justify-center bg-gradient-to-br from-blush-100 to-sage-100 text-rose-400"
              >
                <FlowerIcon width={96} height={96} />
              </div>
            )}
          </div>
        </div>
        <div>
          <p className="eyebrow mb-4">{t('landing.aboutEyebrow')}</p>
          <h2 id="about-title" className="text-4xl sm:text-5xl" lang={about ? localized(about.title).lang : undefined}>
            {about ? localized(about.title).text : t('nav.about')}
          </h2>
          <div className="mt-6 text-lg" lang={about ? localized(about.content).lang : undefined}>
            {isPending ? (
              <div aria-hidden="true" className="flex flex-col gap-3">
                <div className="h-4 w-full animate-pulse rounded bg-blush-100" />
                <div className="h-4 w-11/12 animate-pulse rounded bg-blush-100" />
                <div className="h-4 w-4/5 animate-pulse rounded bg-blush-100" />
              </div>
            ) : isError ? (
              <ErrorState onRetry={() => void refetch()} />
            ) : (
              <Markdown text={localized(about.content).text} />
            )}
          </div>
          <p className="mt-8 font-serif text-2xl text-rose-700 italic">{t('landing.signature')}</p>
        </div>
      </div>
    </section>
  );
}
