import { type Order, SetTrackingBody, TRACKING_CARRIERS, type TrackingCarrier } from '@atelier/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormField, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useSetOrderTracking } from '../api/admin-orders';

interface TrackingForm {
  carrier: TrackingCarrier;
  number: string;
}

const toBody = (form: TrackingForm): SetTrackingBody => ({ tracking: { carrier: form.carrier, number: form.number } });

/**
 * The parcel's tracking number on the admin order page: carrier and number, saved on their own
 * (the "shipped" mail carries it; given later, it is mailed at once), or removed.
 */
export function OrderTrackingPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const save = useSetOrderTracking();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TrackingForm, unknown, SetTrackingBody>({
    resolver: writeResolver(SetTrackingBody, toBody),
    defaultValues: { carrier: order.tracking?.carrier ?? 'russian_post', number: order.tracking?.number ?? '' },
  });
  const message = useFieldMessage(form.formState.errors);
  const numberError = message('tracking.number');

  const send = (body: SetTrackingBody, done: string) => {
    setProblem(null);
    save.mutate(
      { id: order.id, tracking: body.tracking },
      {
        onSuccess: (saved) => {
          form.reset({ carrier: saved.tracking?.carrier ?? 'russian_post', number: saved.tracking?.number ?? '' });
          toast.success(done);
        },
        onError: (error) => setProblem(problemText(error, t('orders.admin.failed'), true)),
      },
    );
  };
  const submit = form.handleSubmit((body) => send(body, t('orders.admin.tracking.saved')));

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="admin-order-tracking">
      <h2 id="admin-order-tracking" className="font-serif text-2xl">
        {t('orders.admin.tracking.title')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4">
        <FormField id="tracking-carrier" label={t('orders.admin.tracking.carrier')}>
          <select
            className="input appearance-auto"
            {...form.register('carrier')}
            {...fieldControlProps('tracking-carrier', false)}
          >
            {TRACKING_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {t(`labels.trackingCarrier.${carrier}`)}
              </option>
            ))}
          </select>
        </FormField>
        <TextField
          {...form.register('number')}
          id="tracking-number"
          label={t('orders.admin.tracking.number')}
          error={numberError}
          hint={t('orders.admin.tracking.hint')}
          inputClassName="uppercase"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
        />
        {problem ? <FormProblem>{problem}</FormProblem> : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={save.isPending}>{t('orders.admin.tracking.save')}</SubmitButton>
          {order.tracking ? (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={save.isPending}
              onClick={() => send({ tracking: null }, t('orders.admin.tracking.removed'))}
            >
              {t('orders.admin.tracking.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
