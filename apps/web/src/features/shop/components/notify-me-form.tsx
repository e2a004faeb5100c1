import { EmailSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton, TextField, useFieldErrorText } from '../../../shared/ui/form-field';
import { useSubscribeToAlert } from '../../stock-alerts/api/stock-alerts';

const NotifyFormSchema = z.object({ email: EmailSchema });
type NotifyFormValues = z.infer<typeof NotifyFormSchema>;

/**
 * A guest's address for "Notify me": checked by the shared email rule, then confirmed from the
 * mail. Its own lazy chunk (with the validator), loaded when a guest presses "Notify me", so the
 * shop page itself stays free of zod. Focus goes to the field when it opens.
 */
export function NotifyMeForm({ productId, onSent }: { productId: string; onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const subscribe = useSubscribeToAlert();
  const errorText = useFieldErrorText();
  const emailId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<NotifyFormValues>({ resolver: zodResolver(NotifyFormSchema), defaultValues: { email: '' } });

  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(({ email }) => {
    setProblem(null);
    subscribe.mutate(
      { productId, email },
      {
        onSuccess: ({ message }) => onSent(message ?? t('stockAlerts.checkMail')),
        onError: (error) => setProblem(errorMessage(error, t('stockAlerts.failed'))),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <p className="text-sm text-muted">{t('stockAlerts.guestHint')}</p>
      <TextField
        {...register('email')}
        id={emailId}
        label={t('stockAlerts.email')}
        error={errorText(errors.email)}
        type="email"
        autoComplete="email"
      />
      <FormProblem>{problem}</FormProblem>
      <SubmitButton pending={subscribe.isPending}>{t('stockAlerts.notifyMe')}</SubmitButton>
    </form>
  );
}
