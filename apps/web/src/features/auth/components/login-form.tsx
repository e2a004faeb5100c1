import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, PasswordField, SubmitButton, TextField, useFieldErrorText } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useLogin } from '../api/login';
import { type LoginFormInput, LoginFormSchema, type LoginFormValues } from '../auth-schemas';
import { forgotPasswordState } from '../typed-email';

/** Success starts the session; /auth then redirects (see AuthPage). */
export function LoginForm({ onNeedsVerification }: { onNeedsVerification: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const login = useLogin();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    login.mutate(values, {
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
          // The unverified-account text; the code step opens for this address (no code is sent until asked for).
          toast.info(t('auth.verifyFirst'));
          onNeedsVerification(values.email);
          return;
        }
        setProblem(errorMessage(error, t('auth.loginFailed')));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        {...register('email')}
        id={`${id}-email`}
        label={t('auth.email')}
        error={errorText(errors.email)}
        type="email"
        autoComplete="email"
      />
      <PasswordField
        {...register('password')}
        id={`${id}-password`}
        label={t('auth.password')}
        error={errorText(errors.password)}
        autoComplete="current-password"
      />
      <FormProblem>{problem}</FormProblem>
      <SubmitButton pending={login.isPending}>{t('auth.loginSubmit')}</SubmitButton>
      <Link to="/forgot-password" state={forgotPasswordState(watch('email'))} className="link self-center text-sm">
        {t('auth.forgot')}
      </Link>
    </form>
  );
}
