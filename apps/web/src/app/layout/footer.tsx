import type { LegalKind } from '@atelier/shared/legal.constants';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useLanding } from '../../features/landing/api/get-landing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { MailIcon, PhoneIcon, SocialIcon } from '../../shared/ui/icons';
import { Logo } from './header';

/** The legal texts' dialog (with its document renderer) loads on the first click, not with every page. */
const LegalModal = lazy(() => import('../../shared/legal/legal-modal').then((m) => ({ default: m.LegalModal })));

const LEGAL_DOCS: LegalKind[] = ['terms', 'privacy', 'agreement', 'personal-data', 'cookies'];

export function Footer() {
  const { t } = useTranslation();
  const { data: landing } = useLanding();
  const [openDoc, setOpenDoc] = useState<LegalKind | null>(null);
  // Kept mounted once opened, so closing it plays the dialog's own closing.
  const [modalWanted, setModalWanted] = useState(false);
  const year = new Date().getFullYear();
  const linkClass = 'text-ink-soft hover:text-rose-800 underline-offset-4 hover:underline';

  return (
    <footer className="mt-24 border-t border-line bg-blush-50">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-ink-soft">{t('footer.about')}</p>
          {landing && landing.social.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('footer.social')}>
              {landing.social.map((link) => (
                <li key={`${link.network}-${link.url}`}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(`footer.networks.${link.network}`)}
                    className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-ivory text-rose-700 hover:border-rose-400 hover:bg-blush-100"
                  >
                    <SocialIcon network={link.network} width={20} height={20} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
            {t('footer.shopGroup')}
          </h2>
          <ul className="flex flex-col gap-2.5 text-sm">
            <li>
              <Link to="/shop" className={linkClass}>
                {t('nav.shop')}
              </Link>
            </li>
            <li>
              <Link to="/shop?category=book" className={linkClass}>
                {t('shop.categories.book')}
              </Link>
            </li>
            <li>
              <Link to="/gift-certificates" className={linkClass}>
                {t('giftCertificates.title')}
              </Link>
            </li>
            <li>
              <Link to="/training" className={linkClass}>
                {t('nav.training')}
              </Link>
            </li>
            <li>
              <Link to="/cart" className={linkClass}>
                {t('nav.cart')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-studio">
          <h2 id="footer-studio" className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
            {t('footer.studioGroup')}
          </h2>
          <ul className="flex flex-col gap-2.5 text-sm">
            <li>
              <Link to="/#about" className={linkClass}>
                {t('nav.about')}
              </Link>
            </li>
            <li>
              <Link to="/#portfolio" className={linkClass}>
                {t('nav.portfolio')}
              </Link>
            </li>
            <li>
              <Link to="/#reviews" className={linkClass}>
                {t('nav.reviews')}
              </Link>
            </li>
            <li>
              <Link to="/#contact" className={linkClass}>
                {t('nav.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
            {t('footer.legalGroup')}
          </h2>
          <ul className="flex flex-col gap-2.5 text-sm">
            {LEGAL_DOCS.map((doc) => (
              <li key={doc}>
                <button
                  type="button"
                  className={`${linkClass} text-left`}
                  onClick={() => {
                    setModalWanted(true);
                    setOpenDoc(doc);
                  }}
                >
                  {t(`labels.legalKind.${doc}`)}
                </button>
              </li>
            ))}
          </ul>
          {landing ? (
            <ul className="mt-6 flex flex-col gap-2 text-sm">
              {landing.contactEmail ? (
                <li>
                  <a href={`mailto:${landing.contactEmail}`} className={`${linkClass} inline-flex items-center gap-2`}>
                    <MailIcon width={16} height={16} />
                    {landing.contactEmail}
                  </a>
                </li>
              ) : null}
              {landing.contactPhone ? (
                <li>
                  <a
                    href={`tel:${landing.contactPhone.replace(/[^\d+]/g, '')}`}
                    className={`${linkClass} inline-flex items-center gap-2`}
                  >
                    <PhoneIcon width={16} height={16} />
                    {landing.contactPhone}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.settlements')}</p>
        </div>
      </div>
      {modalWanted ? (
        <Suspense fallback={null}>
          <LegalModal doc={openDoc} onClose={() => setOpenDoc(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
