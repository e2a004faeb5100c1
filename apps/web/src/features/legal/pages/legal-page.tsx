import { LANGUAGES, type Language } from '@atelier/shared/i18n';
import { isLegalKind, LEGAL_KINDS, type LegalKind, legalDocumentPath } from '@atelier/shared/legal.constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { legalDocumentQueryOptions } from '../../../shared/legal/legal-api';
import { LegalDocument } from '../../../shared/legal/legal-document';
import { PageLoader } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';

/** Which document the page shows: the version in force in the site's language, or one exact version. */
interface Shown {
  kind: LegalKind;
  /** Set for an exact version (its language may differ from the site's). */
  exact?: { language: Language; version: number };
}

/** `/privacy`, `/terms`, `/agreement`: the version in force, the same text the footer opens in a dialog. */
export function LegalPage({ doc }: { doc: LegalKind }) {
  return <LegalView shown={{ kind: doc }} />;
}

/** `/legal/:kind`: any document's version in force. */
export function LegalKindPage() {
  const { kind } = useParams();
  return isLegalKind(kind) ? <LegalView key={kind} shown={{ kind }} /> : <Missing />;
}

/** The exact version an address names (`/legal/:kind/:language/:version`), or null when it names none. */
export function exactVersion(params: Record<string, string | undefined>): Shown['exact'] | null {
  const version = Number(params.version);
  const language = params.language as Language;
  return LANGUAGES.includes(language) && Number.isInteger(version) && version >= 1 ? { language, version } : null;
}

/** `/legal/:kind/:language/:version`: one exact version, as a consent names it; older ones stay readable. */
export function LegalVersionPage() {
  const params = useParams();
  const exact = exactVersion(params);
  if (!isLegalKind(params.kind) || !exact) return <Missing />;
  return <LegalView key={`${params.kind}-${exact.language}-${exact.version}`} shown={{ kind: params.kind, exact }} />;
}

function Missing() {
  const { t } = useTranslation();
  usePageTitle(t('legal.notFound'));
  return (
    <div className="container-page py-20">
      <EmptyState title={t('legal.notFound')}>
        <Link to="/privacy" className="btn btn-outline mt-4">
          {t('labels.legalKind.privacy')}
        </Link>
      </EmptyState>
    </div>
  );
}

function LegalView({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  const siteLanguage = useLanguage();
  const language = shown.exact?.language ?? siteLanguage;
  const query = useQuery(legalDocumentQueryOptions(shown.kind, language, shown.exact?.version));
  const document = query.data;
  usePageTitle(document?.title);

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <Missing />;
    return (
      <div className="container-page py-20">
        <ErrorState onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!document) return <PageLoader label={t('common.loading')} />;

  return (
    <div className="container-page grid grid-cols-1 gap-10 py-14 lg:grid-cols-[14rem_minmax(0,1fr)] lg:py-20">
      <nav aria-label={t('footer.legalGroup')} className="min-w-0 lg:sticky lg:top-32 lg:self-start">
        <ul className="flex flex-wrap gap-2 lg:flex-col">
          {LEGAL_KINDS.map((item) => (
            <li key={item}>
              <Link
                to={legalDocumentPath(item)}
                className="chip"
                aria-current={item === shown.kind && !shown.exact ? 'page' : undefined}
              >
                {t(`labels.legalKind.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="card min-w-0 max-w-3xl px-5 py-10 sm:px-12">
        {shown.exact && !document.current ? (
          <p role="note" className="mb-6 rounded-2xl border border-line bg-blush-50 px-4 py-3 text-sm text-ink-soft">
            {t('legal.oldVersion')}{' '}
            <Link to={legalDocumentPath(shown.kind)} className="link">
              {t('legal.currentVersion')}
            </Link>
          </p>
        ) : null}
        {/* An exact version keeps its own language whatever the site's is. */}
        <div lang={language === siteLanguage ? undefined : language}>
          <h1 className="text-4xl sm:text-5xl">{document.title}</h1>
          <div className="mt-6">
            <LegalDocument document={document} />
          </div>
        </div>
      </div>
    </div>
  );
}
