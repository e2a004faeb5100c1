import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/api-error';
import { useResetPassword } from '../api/reset-password';
import { type PasswordForm, PasswordFormSchema } from '../auth-schemas';
import { describedBy, FormField } from '../components/form-field';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const reset = useResetPassword();
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
          <FormField id={`${id}-password`} label={t('auth.newPassword')} error={errors.password?.message}>
            <input
              {...register('password')}
              {...describedBy(`${id}-password`, errors.password)}
              type="password"
              autoComplete="new-password"
              className="input"
            />
          </FormField>
          <FormField id={`${id}-confirm`} label={t('auth.confirmPassword')} error={errors.confirmPassword?.message}>
            <input
              {...register('confirmPassword')}
              {...describedBy(`${id}-confirm`, errors.confirmPassword)}
              type="password"
              autoComplete="new-password"
              className="input"
            />
          </FormField>
          {problem ? (
            <p role="alert" className="rounded-2xl bg-blush-100 px-4 py-3 text-sm font-medium text-rose-800">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
            {reset.isPending ? t('common.sending') : t('auth.resetSubmit')}
          </button>
          <Link to="/auth" className="link self-center text-sm">
            {t('auth.backToLogin')}
          </Link>
        </form>
      </div>
    </section>
  );
}
