import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ChevronLeftIcon, FlowerIcon } from '../../shared/ui/icons';
import { useDeclaredPageTitle } from '../../shared/ui/use-page-title';

export function Component() {
  const { t } = useTranslation();
  useDeclaredPageTitle('notFound');
  const navigate = useNavigate();
  const suggestions = [
    { to: '/shop', key: 'shop' },
    { to: '/training', key: 'training' },
    { to: '/#portfolio', key: 'portfolio' },
  ] as const;

  return (
    <section
      aria-labelledby="not-found-title"
      className="container-page flex min-h-[65vh] flex-col items-center justify-center py-20 text-center"
    >
      <span
        aria-hidden="true"
        className="font-serif text-[7rem] leading-none font-semibold text-rose-500 sm:text-[10rem]"
      >
        404
      </span>
      <h1 id="not-found-title" className="mt-2 text-4xl sm:text-5xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 max-w-md text-ink-soft">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-outline" onClick={() => void navigate(-1)}>
          <ChevronLeftIcon width={18} height={18} />
          {t('notFound.back')}
        </button>
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
      <nav aria-labelledby="not-found-suggestions" className="mt-12">
        <h2 id="not-found-suggestions" className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-muted">
          {t('notFound.suggestions')}
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-3">
          {suggestions.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="chip gap-2">
                <FlowerIcon width={16} height={16} />
                {t(`nav.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
