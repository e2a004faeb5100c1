import { type ForgotPasswordBody, ForgotPasswordBody as ForgotPasswordSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton, TextField, useFieldErrorText } from '../../../shared/ui/form-field';
import { CheckIcon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { typedEmailOf } from '../typed-email';

/**
 * `/forgot-password`: the answer is the same whether or not the address has an account. The
 * address typed in the login form comes along (navigation state) and fills the field.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const typed = typedEmailOf(useLocation().state);
  const id = useId();
  const forgot = useForgotPassword();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: typed } });
  usePageTitle(t('auth.forgotTitle'));

  const onSubmit = handleSubmit(({ email }) => {
    setProblem(null);
    forgot.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => setProblem(errorMessage(error, t('auth.resetFailed'))),
      },
    );
  });

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
            <p className="text-ink-soft">{t('auth.forgotSent', { email: sentTo })}</p>
            <Link to="/auth" className="btn btn-outline">
              {t('auth.backToLogin')}
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
            <p className="text-sm text-ink-soft">{t('auth.forgotText')}</p>
            <TextField
              {...register('email')}
              id={id}
              label={t('auth.email')}
              error={errorText(errors.email)}
              type="email"
              autoComplete="email"
            />
            <FormProblem>{problem}</FormProblem>
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
