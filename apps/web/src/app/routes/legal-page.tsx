import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/use-language';
import { LegalDocument } from '../../shared/legal/legal-document';
import { LEGAL_DOCS, type LegalDoc } from '../../shared/legal/legal-types';
import { useLegalText } from '../../shared/legal/load-legal';
import { PageLoader } from '../../shared/ui/spinner';
import { ErrorState } from '../../shared/ui/states';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** `/privacy`, `/terms`, `/agreement`: the same texts the footer opens in modals. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { text, isError, refetch } = useLegalText(doc, language);
  usePageTitle(text?.title);

  if (isError)
    return (
      <div className="container-page py-20">
        <ErrorState onRetry={() => void refetch()} />
      </div>
    );
  if (!text) return <PageLoader label={t('common.loading')} />;

  return (
    <div className="container-page grid grid-cols-1 gap-10 py-14 lg:grid-cols-[14rem_minmax(0,1fr)] lg:py-20">
      <nav aria-label={t('footer.legalGroup')} className="min-w-0 lg:sticky lg:top-32 lg:self-start">
        <ul className="flex flex-wrap gap-2 lg:flex-col">
          {LEGAL_DOCS.map((item) => (
            <li key={item}>
              <Link to={`/${item}`} className="chip" aria-current={item === doc ? 'page' : undefined}>
                {t(`legal.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="card min-w-0 max-w-3xl px-5 py-10 sm:px-12">
        <h1 className="text-4xl sm:text-5xl">{text.title}</h1>
        <div className="mt-6">
          <LegalDocument text={text} />
        </div>
      </div>
    </div>
  );
}
