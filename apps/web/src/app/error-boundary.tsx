import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';

function Fallback() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-5 py-20 text-center"
    >
      <p className="font-serif text-3xl text-ink">{t('errors.lazyLoad')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error. */
  resetKey?: string;
}

/** Catches lazy-chunk and render failures so one broken page never blanks the whole site. */
export class ErrorBoundary extends Component<Props, { failed: boolean; key: string | undefined }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string | undefined }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}

export function RouteErrorFallback() {
  return <Fallback />;
}
