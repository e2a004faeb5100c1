import { localize } from '@atelier/shared';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { PageLoader } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useCertificate } from '../api/certificates';

/**
 * `/certificate/:code`: the public check of a course certificate — the address printed on it. Shows
 * who it was awarded to, for which course and when, and that it is genuine; an unknown code says so
 * (the server answers the page with 404). A revoked certificate (its course order was cancelled)
 * says so, with the date. Rendered on the server, like the other public pages.
 */
export function CertificatePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const code = useParams().code ?? '';
  const { data, isPending, isError, error, refetch } = useCertificate(code);
  usePageTitle(data ? t('certificates.page.eyebrow') : null);

  if (isPending) return <PageLoader label={t('common.loading')} />;
  if (isError) {
    const status = (error as { status?: number }).status;
    return (
      <div className="container-page py-16 sm:py-20">
        {status === 404 || status === 400 ? (
          <section aria-labelledby="certificate-missing" data-testid="certificate-not-found">
            <h1 id="certificate-missing" className="sr-only">
              {t('certificates.page.notFound')}
            </h1>
            <EmptyState title={t('certificates.page.notFound')}>
              <p>{t('certificates.page.notFoundText')}</p>
              <Link to="/training" className="btn btn-outline mt-4">
                {t('certificates.page.toTraining')}
              </Link>
            </EmptyState>
          </section>
        ) : (
          <ErrorState onRetry={() => void refetch()} />
        )}
      </div>
    );
  }

  const revoked = !data.valid;
  return (
    <div className="container-page py-12 sm:py-16">
      <article
        aria-labelledby="certificate-title"
        className="card mx-auto max-w-2xl p-6 text-center sm:p-10"
        data-testid={revoked ? 'certificate-revoked' : 'certificate-valid'}
      >
        <p className="eyebrow">{t('certificates.page.eyebrow')}</p>
        <span
          aria-hidden="true"
          className={`mx-auto mt-5 inline-flex size-14 items-center justify-center rounded-full ${
            revoked ? 'bg-blush-100 text-rose-700' : 'bg-sage-100 text-sage-700'
          }`}
        >
          {revoked ? <CloseIcon width={28} height={28} /> : <CheckIcon width={28} height={28} />}
        </span>
        <h1 id="certificate-title" className="mt-4 text-4xl sm:text-5xl">
          {revoked ? t('certificates.page.revoked') : t('certificates.page.valid')}
        </h1>
        <p className="mx-auto mt-3 max-w-md text-ink-soft">
          {revoked ? t('certificates.page.revokedText') : t('certificates.page.validText')}
        </p>
        <dl className="mt-8 grid grid-cols-1 gap-4 text-left sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
          <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('certificates.page.name')}
          </dt>
          <dd className="-mt-3 font-serif text-2xl wrap-anywhere sm:mt-0" data-testid="certificate-name">
            {data.name}
          </dd>
          <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('certificates.page.course')}
          </dt>
          <dd className="-mt-3 font-serif text-2xl wrap-anywhere sm:mt-0" data-testid="certificate-course">
            {localize(data.courseTitle, language)}
          </dd>
          <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('certificates.page.date')}
          </dt>
          <dd className="-mt-3 font-semibold sm:mt-0">{formatDate(data.issuedAt, language)}</dd>
          {revoked && data.revokedAt ? (
            <>
              <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                {t('certificates.page.revokedOn')}
              </dt>
              <dd className="-mt-3 font-semibold sm:mt-0" data-testid="certificate-revoked-on">
                {formatDate(data.revokedAt, language)}
              </dd>
            </>
          ) : null}
          <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
            {t('certificates.page.code')}
          </dt>
          <dd className="-mt-3 font-mono text-sm break-all sm:mt-0">{data.code}</dd>
        </dl>
      </article>
    </div>
  );
}
