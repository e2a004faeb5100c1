import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { MailIcon, PhoneIcon, SocialIcon } from '../../../shared/ui/icons';
import { SectionHeading } from '../../../shared/ui/states';
import { useLanding } from '../api/get-landing';

export function ContactSection() {
  const { t } = useTranslation();
  const { data: landing } = useLanding();
  const cardClass =
    'card flex items-center gap-4 p-5 transition-colors hover:border-rose-300 sm:p-6 focus-visible:outline-rose-600';

  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-32 py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="contact-title" eyebrow={t('landing.contactEyebrow')} title={t('landing.contactTitle')}>
          {t('landing.contactText')}
        </SectionHeading>
        <div className="mx-auto grid grid-cols-1 max-w-3xl gap-4 sm:grid-cols-2">
          {landing?.contactEmail ? (
            <a href={`mailto:${landing.contactEmail}`} className={cardClass}>
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-blush-100 text-rose-700">
                <MailIcon />
              </span>
              <span className="min-w-0">
                <span className="block text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                  {t('landing.email')}
                </span>
                <span className="block truncate font-semibold text-ink">{landing.contactEmail}</span>
              </span>
            </a>
          ) : null}
          {landing?.contactPhone ? (
            <a href={`tel:${landing.contactPhone.replace(/[^\d+]/g, '')}`} className={cardClass}>
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-blush-100 text-rose-700">
                <PhoneIcon />
              </span>
              <span className="min-w-0">
                <span className="block text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                  {t('landing.phone')}
                </span>
                <span className="block truncate font-semibold text-ink">{landing.contactPhone}</span>
              </span>
            </a>
          ) : null}
        </div>
        <p className="mt-8 text-center">
          <Link to="/custom-order" className="btn btn-outline">
            {t('landing.requestCustom')}
          </Link>
        </p>
        {landing && landing.social.length > 0 ? (
          <ul className="mt-8 flex flex-wrap justify-center gap-3" aria-label={t('footer.social')}>
            {landing.social.map((link) => (
              <li key={`${link.network}-${link.url}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-ivory px-5 text-sm font-semibold text-ink-soft hover:border-rose-400 hover:text-rose-800"
                >
                  <SocialIcon network={link.network} width={18} height={18} />
                  {t(`footer.networks.${link.network}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
