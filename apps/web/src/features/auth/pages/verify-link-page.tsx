import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { intentStore } from '../../../shared/intent/intent-store';
import { deferWelcome } from '../../../shared/intent/use-sign-in-for';
import { FormProblem, SubmitButton } from '../../../shared/ui/form-field';
import { FlowerIcon } from '../../../shared/ui/icons';
import { toast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../api/auth-session';
import { type SetPasswordState, setPasswordPath } from '../api/verify-email';
import { linkTokenFromHash, useVerifyEmailLink } from '../api/verify-email-link';

/**
 * `/auth/verify-link#token=…`, where the emailed verification link leads. Nothing happens until
 * the person presses "Confirm email": mail scanners that open every link do not press buttons, so
 * they neither burn the link nor get signed in.
 */
export function VerifyLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const confirm = useVerifyEmailLink();
  // Read without side effects: a render that suspends (lazy chunk, texts) is thrown away and runs
  // this again, so the fragment is wiped from the address bar and history only once committed.
  const [token] = useState(() => linkTokenFromHash(window.location.hash));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(t('auth.verifyLinkTitle'));

  if (session.status === 'authenticated' && !confirm.isSuccess && !confirm.isPending) {
    return <Navigate to="/account" replace />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setProblem(null);
    confirm.mutate(
      { token },
      {
        onSuccess: (result) => {
          const welcome = result.message ?? t('auth.verified');
          const setPassword = setPasswordPath(result);
          if (setPassword) {
            toast.success(welcome);
            const state: SetPasswordState = { contested: true };
            void navigate(setPassword, { replace: true, state });
            return;
          }
          // A guest who registered to do something (the link may open in another tab): back to it.
          if (!deferWelcome(welcome)) toast.success(welcome);
          const intent = intentStore.arm();
          void navigate(intent?.returnTo ?? '/account', { replace: true });
        },
        onError: (error) => setProblem(errorMessage(error, t('auth.verifyFailed'))),
      },
    );
  };

  return (
    <section
      aria-labelledby="verify-link-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="card w-full max-w-md p-6 text-center sm:p-8">
        <span
          aria-hidden="true"
          className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-blush-50 text-rose-600"
        >
          <FlowerIcon width={28} height={28} />
        </span>
        <h1 id="verify-link-title" className="mt-4 text-4xl">
          {t('auth.verifyLinkTitle')}
        </h1>
        {token ? (
          <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
            <p className="text-ink-soft">{t('auth.verifyLinkText')}</p>
            <FormProblem>{problem}</FormProblem>
            <SubmitButton pending={confirm.isPending}>{t('auth.verifyLinkConfirm')}</SubmitButton>
          </form>
        ) : (
          <div className="mt-6">
            <FormProblem>{t('auth.verifyLinkMissing')}</FormProblem>
          </div>
        )}
        {problem || !token ? (
          <p className="mt-5 text-sm">
            <Link to="/auth?tab=verify" className="link">
              {t('auth.verifyLinkUseCode')}
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
