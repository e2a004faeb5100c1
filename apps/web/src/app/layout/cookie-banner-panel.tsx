import type { LegalKind } from '@atelier/shared/legal.constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { consentRefs, isOutdatedConsent } from '../../shared/legal/consents';
import { legalKeys } from '../../shared/legal/keys';
import { legalListQueryOptions, recordCookieChoice } from '../../shared/legal/legal-api';
import { LegalModal } from '../../shared/legal/legal-modal';
import { localStore } from '../../shared/storage/browser-storage';
import { CONSENT_KEY, VISITOR_KEY } from './cookie-consent';

/**
 * While the banner is up, `--cookie-banner-space` on the document is how far its top is from the
 * bottom of the window, so what is fixed to the bottom (the product page's buy bar on a phone)
 * sits above it instead of under it; gone with the banner.
 */
export const COOKIE_BANNER_SPACE = '--cookie-banner-space';

function useBannerSpace(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const space = Math.max(0, window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty(COOKIE_BANNER_SPACE, `${Math.ceil(space)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    // The banner rises in with an animation: measure again once it has settled.
    element.addEventListener('animationend', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      element.removeEventListener('animationend', measure);
      root.style.removeProperty(COOKIE_BANNER_SPACE);
    };
  }, [banner, shown]);
}

/**
 * The banner itself, loaded by `CookieBanner` once it is due. Accept or decline, for the version of
 * the cookie notice in force. The choice is kept in the browser only once the server has it on record (with the notice version, time and address), so a
 * failed call leaves the banner up with the reason.
 */
export function CookieBannerPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(true);
  const [doc, setDoc] = useState<LegalKind | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Which notice version is in force is asked only while the choice is still to be made.
  const list = useQuery({ ...legalListQueryOptions(language), enabled: wanted });
  const notice = consentRefs(list.data, ['cookies'])?.[0];
  const banner = useRef<HTMLElement>(null);
  useBannerSpace(banner, wanted && notice !== undefined);

  const choose = async (granted: boolean) => {
    if (!notice) return;
    setSending(true);
    setProblem(null);
    try {
      const { visitorId } = await recordCookieChoice({
        granted,
        document: notice,
        visitorId: localStore.get(VISITOR_KEY) ?? undefined,
      });
      localStore.set(VISITOR_KEY, visitorId);
      localStore.set(CONSENT_KEY, granted ? 'true' : 'declined');
      setWanted(false);
    } catch (error) {
      // The notice changed meanwhile: the banner shows the new version and asks again.
      if (isOutdatedConsent(error)) void queryClient.invalidateQueries({ queryKey: legalKeys.all });
      setProblem(errorMessage(error, t('cookies.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {wanted && notice ? (
        <section
          ref={banner}
          aria-label={t('cookies.label')}
          className="animate-rise-in fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-3xl border border-line bg-ivory p-5 shadow-2xl sm:inset-x-6 sm:bottom-6 sm:p-6"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <p className="text-sm leading-relaxed text-ink-soft">
              {t('cookies.text')}{' '}
              <button type="button" className="link" onClick={() => setDoc('cookies')}>
                {t('cookies.more')}
              </button>
            </p>
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={sending}
                onClick={() => void choose(false)}
              >
                {t('cookies.decline')}
              </button>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={sending}
                onClick={() => void choose(true)}
              >
                {t('cookies.accept')}
              </button>
            </div>
          </div>
          {problem ? (
            <p role="alert" className="mt-3 text-sm font-semibold text-rose-800">
              {problem}
            </p>
          ) : null}
        </section>
      ) : null}
      <LegalModal doc={doc} onClose={() => setDoc(null)} />
    </>
  );
}
