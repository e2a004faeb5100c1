import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { FormProblem, PasswordField, SubmitButton, useFieldErrorText } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { type PasswordForm, PasswordFormSchema } from '../auth-schemas';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const errorText = useFieldErrorText('auth.errors');
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    setProblem(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t('auth.passwordChanged'));
          void navigate('/auth', { replace: true });
        },
        onError: (error) => setProblem(errorMessage(error, t('auth.resetFailed'))),
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
          {t('auth.resetTitle')}
        </h1>
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
          <Link to="/auth" className="link self-center text-sm">
            {t('auth.backToLogin')}
          </Link>
        </form>
      </div>
    </section>
  );
}
