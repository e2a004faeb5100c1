import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalModal } from '../../shared/legal/legal-modal';
import type { LegalDoc } from '../../shared/legal/legal-types';
import { localStore } from '../../shared/storage/browser-storage';

const CONSENT_KEY = 'cookieConsent';
/** The banner appears one second after load when no choice is stored. */
export const COOKIE_BANNER_DELAY_MS = 1000;

export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [doc, setDoc] = useState<LegalDoc | null>(null);

  useEffect(() => {
    if (localStore.get(CONSENT_KEY) !== null) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const choose = (value: 'true' | 'declined') => {
    localStore.set(CONSENT_KEY, value);
    setVisible(false);
  };

  return (
    <>
      {visible ? (
        <section
          aria-label={t('cookies.label')}
          className="animate-rise-in fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-3xl border border-line bg-ivory p-5 shadow-2xl sm:inset-x-6 sm:bottom-6 sm:p-6"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <p className="text-sm leading-relaxed text-ink-soft">
              {t('cookies.text')}{' '}
              <button type="button" className="link" onClick={() => setDoc('privacy')}>
                {t('cookies.more')}
              </button>
            </p>
            <div className="flex shrink-0 gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => choose('declined')}>
                {t('cookies.decline')}
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => choose('true')}>
                {t('cookies.accept')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      <LegalModal doc={doc} onClose={() => setDoc(null)} />
    </>
  );
}
