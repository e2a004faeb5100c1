import { type Language, localize } from '@atelier/shared';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useServerText } from '../../../shared/i18n/server-text';
import { useLanguage } from '../../../shared/i18n/use-language';
import { type TFunction, useTranslation } from '../../../shared/i18n/use-translation';
import { type Intent, intentStore, nestedQuotes, safeReturnPath } from '../../../shared/intent/intent-store';
import { FlowerIcon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../api/auth-session';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { VerifyForm } from '../components/verify-form';

const TABS = ['login', 'register', 'verify'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/auth`: login, registration and email-code verification as tabs (`?tab=`). A malformed emailed
 * verification link lands here with `?verify=invalid` (a well-formed one on `/auth/verify-link`).
 */
export function AuthPage() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const linkInvalid = searchParams.get('verify') === 'invalid';
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as Tab)
    : linkInvalid
      ? 'verify'
      : 'login';
  const email = searchParams.get('email') ?? '';
  const next = safeReturnPath(searchParams.get('next'));
  const language = useLanguage();
  // What the guest was doing (read after hydration: the server render knows no browser storage).
  const [intent, setIntent] = useState<Intent | null>(null);
  useEffect(() => {
    const waiting = intentStore.peek();
    // An intent for another page is one the visitor walked away from: it must not fire later.
    if (waiting && waiting.returnTo !== next) intentStore.clear();
    setIntent(waiting?.returnTo === next ? waiting : null);
  }, [next]);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null, verify: null });

  const select = (value: Tab, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(searchParams);
    params.set('tab', value);
    for (const key of ['sent', 'reason', 'verified', 'verify']) params.delete(key);
    for (const [key, item] of Object.entries(extra)) params.set(key, item);
    setSearchParams(params, { replace: true });
  };

  // Login, code or link: once the session starts, the page redirects here.
  const destination = next ?? '/account';

  usePageTitle(t(`auth.tabs.${tab}`));

  // Already logged in (or just now): go where the visitor was heading, and finish what they were doing
  // there (the page they land on runs it once; arming is idempotent, so a repeated render is harmless).
  if (session.status === 'authenticated') {
    if (next && intentStore.peek()?.returnTo === next) intentStore.arm();
    return <Navigate to={destination} replace />;
  }

  const reason = intent ? intentReason(t, intent, tab, language) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    let target: Tab | undefined;
    if (event.key === 'ArrowRight') target = TABS[(index + 1) % TABS.length];
    if (event.key === 'ArrowLeft') target = TABS[(index + TABS.length - 1) % TABS.length];
    if (event.key === 'Home') target = TABS[0];
    if (event.key === 'End') target = TABS[TABS.length - 1];
    if (!target) return;
    event.preventDefault();
    select(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-blush-50 to-cream py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -left-24 size-96 rounded-full bg-blush-100 blur-3xl"
      />
      <div className="container-page relative">
        <div className="mx-auto max-w-lg">
          <div className="mb-8 text-center">
            <span
              aria-hidden="true"
              className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-ivory text-rose-600 shadow-card"
            >
              <FlowerIcon width={28} height={28} />
            </span>
            <h1 className="mt-4 text-4xl sm:text-5xl">{t('auth.title')}</h1>
            {reason ? (
              <p
                data-testid="auth-reason"
                className="mt-3 rounded-2xl bg-ivory px-4 py-3 font-medium text-ink shadow-card"
              >
                {reason}
              </p>
            ) : (
              <p className="mt-2 text-ink-soft">{t('auth.subtitle')}</p>
            )}
          </div>
          {linkInvalid ? (
            <p role="alert" className="mb-6 rounded-2xl bg-blush-100 px-4 py-3 text-sm font-medium text-rose-800">
              {serverText('verificationLinkInvalid')}
            </p>
          ) : null}
          <div className="card p-5 sm:p-8">
            <div
              role="tablist"
              aria-label={t('auth.title')}
              className="mb-7 grid grid-cols-3 gap-1 rounded-full bg-blush-50 p-1"
              onKeyDown={onKeyDown}
            >
              {TABS.map((value) => (
                <button
                  key={value}
                  ref={(element) => {
                    tabRefs.current[value] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`auth-tab-${value}`}
                  aria-selected={tab === value}
                  aria-controls={`auth-panel-${value}`}
                  tabIndex={tab === value ? 0 : -1}
                  onClick={() => select(value)}
                  className="min-h-10 rounded-full px-1 text-xs font-semibold sm:px-2 sm:text-sm text-ink-soft transition-colors aria-selected:bg-ivory aria-selected:text-rose-800 aria-selected:shadow-card"
                >
                  {t(`auth.tabs.${value}`)}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'login' ? (
                <LoginForm
                  onNeedsVerification={(address) => select('verify', { email: address, reason: 'unverified' })}
                />
              ) : tab === 'register' ? (
                <RegisterForm onRegistered={(address) => select('verify', { email: address, sent: '1' })} />
              ) : (
                <VerifyForm
                  key={email}
                  email={email}
                  codeJustSent={searchParams.get('sent') === '1'}
                  notice={searchParams.get('reason') === 'unverified' ? t('auth.verifyFirst') : undefined}
                />
              )}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** "Sign in to add «Powder roses» to your cart": why the visitor is here, in the tab's own verb. */
function intentReason(t: TFunction, intent: Intent, tab: Tab, language: Language): string {
  const lead = t(
    tab === 'register'
      ? 'auth.intent.leadRegister'
      : tab === 'verify'
        ? 'auth.intent.leadVerify'
        : 'auth.intent.leadLogin',
  );
  switch (intent.kind) {
    case 'cart':
      return t('auth.intent.cart', { lead, name: nestedQuotes(localize(intent.item.name, language), language) });
    case 'favourite':
      return t('auth.intent.favourite', { lead, name: nestedQuotes(localize(intent.name, language), language) });
    case 'buy':
      return t(
        intent.type === 'course'
          ? 'auth.intent.buyCourse'
          : intent.free
            ? 'auth.intent.startLesson'
            : 'auth.intent.buyLesson',
        {
          lead,
          name: nestedQuotes(localize(intent.name, language), language),
        },
      );
    case 'form':
      return t(intent.form === 'gift-certificate' ? 'auth.intent.giftCertificate' : 'auth.intent.customRequest', {
        lead,
      });
  }
}
