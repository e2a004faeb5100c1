import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FlowerIcon } from '../../../shared/ui/icons';

/** The home page's gift certificate block (#gift): what a certificate pays for, and the way to buy one. */
export function GiftTeaser() {
  const { t } = useTranslation();
  return (
    <section id="gift" aria-labelledby="gift-title" className="scroll-mt-32 py-14 sm:py-20">
      <div className="container-page">
        <div className="flex flex-col items-start gap-6 rounded-[2rem] bg-gradient-to-br from-blush-100 via-blush-50 to-sage-100 p-6 shadow-card sm:flex-row sm:items-center sm:p-10">
          <span
            aria-hidden="true"
            className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-ivory text-rose-700 shadow-soft"
          >
            <FlowerIcon width={30} height={30} />
          </span>
          <div className="flex-1">
            <p className="eyebrow mb-2">{t('giftCertificates.eyebrow')}</p>
            <h2 id="gift-title" className="text-3xl sm:text-4xl">
              {t('giftCertificates.title')}
            </h2>
            <p className="mt-3 max-w-2xl text-ink-soft">{t('giftCertificates.intro')}</p>
          </div>
          <Link to="/gift-certificates" className="btn btn-primary shrink-0">
            {t('giftCertificates.home.cta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
