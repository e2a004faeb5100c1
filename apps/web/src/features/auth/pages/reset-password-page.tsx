import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { confirmingResolver } from '../../../shared/forms/confirm-password';
import { applyFieldProblems } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, PasswordField, SubmitButton, useFieldErrorText } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useResetPassword } from '../api/reset-password';
import type { SetPasswordState } from '../api/verify-email';
import { type NewPasswordFormInput, NewPasswordFormSchema, type NewPasswordFormValues } from '../auth-schemas';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const reset = useResetPassword();
  // Reached right after verifying an address two people registered: no password was kept.
  const contested = (useLocation().state as Partial<SetPasswordState> | null)?.contested === true;
  const title = contested ? t('auth.choosePasswordTitle') : t('auth.resetTitle');
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(title);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordFormInput, unknown, NewPasswordFormValues>({
    resolver: confirmingResolver(zodResolver(NewPasswordFormSchema), 'password'),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    setProblem(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? t('auth.passwordChanged'));
          void navigate('/auth', { replace: true });
        },
        onError: (error) => {
          // A too common password comes back as a field message; a used or old link as the form's.
          if (applyFieldProblems(error, ['password'] as const, setError).length === 0) {
            setProblem(errorMessage(error, t('auth.resetFailed')));
          }
        },
      },
    );
  });

  return (
    <section
      aria-labelledby="reset-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="reset-title" className="text-4xl">
          {title}
        </h1>
        {contested ? (
          <p role="status" className="mt-4 rounded-2xl bg-blush-100 px-4 py-3 text-sm font-medium text-rose-800">
            {t('auth.contestedNotice')}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
          <PasswordField
            {...register('password')}
            id={`${id}-password`}
            label={t('auth.newPassword')}
            error={errorText(errors.password)}
            autoComplete="new-password"
          />
          <PasswordField
            {...register('confirmPassword')}
            id={`${id}-confirm`}
            label={t('auth.confirmPassword')}
            error={errorText(errors.confirmPassword)}
            autoComplete="new-password"
          />
          <FormProblem>{problem}</FormProblem>
          <SubmitButton pending={reset.isPending}>{t('auth.resetSubmit')}</SubmitButton>
          <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            <Link to="/auth" className="link">
              {t('auth.backToLogin')}
            </Link>
            {problem ? (
              <Link to="/forgot-password" className="link">
                {t('auth.requestNewLink')}
              </Link>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
