import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { FlowerIcon } from './icons';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-blush-100 text-rose-600">
        <FlowerIcon width={28} height={28} />
      </span>
      <p className="font-serif text-2xl text-ink">{title}</p>
      {children ? <div className="max-w-md text-ink-soft">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-4 px-6 py-10 text-center">
      <p className="text-ink-soft">{message ?? t('errors.loadFailed')}</p>
      {onRetry ? (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-14">
      {eyebrow ? <p className="eyebrow mb-3">{eyebrow}</p> : null}
      <h2 id={id} className="text-4xl sm:text-5xl">
        {title}
      </h2>
      <div aria-hidden="true" className="mx-auto mt-5 flex items-center justify-center gap-3 text-rose-400">
        <span className="h-px w-12 bg-blush-300" />
        <FlowerIcon width={18} height={18} />
        <span className="h-px w-12 bg-blush-300" />
      </div>
      {children ? <div className="mt-5 text-ink-soft">{children}</div> : null}
    </div>
  );
}

/** `compact`: on a phone only the title, small, so what the page lists starts in the first screen. */
export function PageTitle({
  title,
  eyebrow,
  children,
  compact,
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  compact?: boolean;
}) {
  return (
    <header
      className={`bg-gradient-to-b from-blush-50 to-cream ${compact ? 'pt-5 pb-3' : 'pt-12 pb-10'} sm:pt-16 sm:pb-12`}
    >
      <div className="container-page text-center">
        {eyebrow ? <p className={`eyebrow mb-3 ${compact ? 'hidden sm:block' : ''}`}>{eyebrow}</p> : null}
        <h1 className={`${compact ? 'text-3xl' : 'text-4xl'} sm:text-6xl`}>{title}</h1>
        {children ? (
          <div className={`mx-auto mt-4 max-w-2xl text-ink-soft ${compact ? 'hidden sm:block' : ''}`}>{children}</div>
        ) : null}
      </div>
    </header>
  );
}
