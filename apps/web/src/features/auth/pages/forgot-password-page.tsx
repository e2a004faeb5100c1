import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import { CheckIcon } from '../../../shared/ui/icons';
import { useForgotPassword } from '../api/forgot-password';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setProblem(t('auth.errors.emailRequired'));
    if (!EMAIL_PATTERN.test(email.trim())) return setProblem(t('auth.errors.emailInvalid'));
    setProblem(null);
    forgot.mutate(
      { email: email.trim() },
      { onError: (error) => setProblem(errorMessage(error, t('auth.resetFailed'))) },
    );
  };

  return (
    <section
      aria-labelledby="forgot-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="forgot-title" className="text-4xl">
          {t('auth.forgotTitle')}
        </h1>
        {forgot.isSuccess ? (
          <div className="mt-6 flex flex-col gap-4" role="status">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-sage-100 text-sage-700">
              <CheckIcon />
            </span>
            <p className="text-ink-soft">{t('auth.forgotSent', { email: email.trim() })}</p>
            <Link to="/auth" className="btn btn-outline">
              {t('auth.backToLogin')}
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
            <p className="text-sm text-ink-soft">{t('auth.forgotText')}</p>
            <TextField
              id={id}
              label={t('auth.email')}
              error={problem}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="email"
            />
            <SubmitButton pending={forgot.isPending}>{t('auth.forgotSubmit')}</SubmitButton>
            <Link to="/auth" className="link self-center text-sm">
              {t('auth.backToLogin')}
            </Link>
          </form>
        )}
      </div>
    </section>
  );
}
