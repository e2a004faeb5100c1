import {
  goodsAllRefunded,
  goodsLeftToShip,
  localize,
  type Order,
  orderFullyRefunded,
  SHIP_CARRIERS,
  SHIP_NOTE_MAX,
  type ShipCarrier,
  ShipOrderBody,
  type ShipOrderInput,
  TRACKED_SHIP_CARRIERS,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ConfirmRequest } from '../../../shared/ui/confirm-dialog';
import { FieldError, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast';
import { orderCdekQueryOptions } from '../../cdek/api/admin-cdek';
import { useShipOrder, useUpdateOrderStatus } from '../api/admin-orders';

interface ShipForm {
  carrier: ShipCarrier;
  tracking: string;
  note: string;
}

const toBody = (form: ShipForm): ShipOrderInput => ({
  carrier: form.carrier,
  ...(TRACKED_SHIP_CARRIERS.includes(form.carrier) ? { tracking: form.tracking } : {}),
  note: form.note,
});

/** The carrier the order's delivery method suggests (she can pick another). */
function suggestedCarrier(order: Order): ShipCarrier {
  if (order.delivery.method === 'pickup') return 'pickup';
  if (order.delivery.method === 'courier_pickup' || order.delivery.cdek) return 'cdek';
  return 'russian_post';
}

/**
 * What the shipping panel offers: `ship` (paid or being prepared, goods left for the parcel),
 * `deliver` (shipped), or why not: `refunded` (every line refunded; the server refuses both with a
 * 409) or `nothingLeft` (the goods refunded, a lesson kept, say); null: no panel.
 */
export type ShipPanelState = 'ship' | 'deliver' | 'refunded' | 'nothingLeft';

export function shipPanelState(order: Order): ShipPanelState | null {
  const open = order.status === 'confirmed' || order.status === 'processing';
  if ((!open && order.status !== 'shipped') || order.delivery.method === 'none') return null;
  if (orderFullyRefunded(order.items)) return 'refunded';
  if (order.status === 'shipped') return 'deliver';
  return goodsAllRefunded(order.items) ? 'nothingLeft' : 'ship';
}

/** Orders the ship dialog can send: paid (or already being prepared) and with goods left to send. */
export function canShip(order: Order): boolean {
  return shipPanelState(order) === 'ship';
}

/** What goes in the parcel: each goods line with its units left, and the units refunded, if any. */
function ParcelList({ order, className = '' }: { order: Order; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const goods = goodsLeftToShip(order.items);
  if (goods.length === 0) return null;
  return (
    <div className={className}>
      <h3 className="field-label font-sans">{t('orders.admin.ship.parcel')}</h3>
      <ul className="flex flex-col divide-y divide-line text-sm" data-testid="ship-parcel">
        {goods.map((item) => {
          const ordered = order.items.find((line) => line.id === item.id)!;
          return (
            <li key={item.id} className="flex justify-between gap-3 py-2">
              <span className="min-w-0 wrap-anywhere">
                {localize(item.name, language)}
                {ordered.refundedQuantity > 0 ? (
                  <span className="block text-ink-soft">
                    {t('orders.admin.ship.parcelRefunded', {
                      units: ordered.refundedQuantity,
                      quantity: ordered.quantity,
                    })}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap font-semibold">
                {t('orders.admin.ship.parcelUnits', { count: item.quantity })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The admin order page's shipping: "Ship" opens one dialog (carrier, the tracking number where the
 * carrier gives one, a note for the customer) and the server moves the order to shipped with one
 * mail; a pickup order has "Ready for pickup"; a shipped one "Mark delivered".
 */
export function OrderShipPanel({ order, ask }: { order: Order; ask: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ShipCarrier | null>(null);
  const deliver = useUpdateOrderStatus();
  const state = shipPanelState(order);
  const shippable = state === 'ship';
  if (state === null) return null;

  const markDelivered = async () => {
    try {
      await deliver.mutateAsync({ id: order.id, status: 'delivered' });
      toast.success(t('orders.admin.ship.delivered'));
    } catch (failure) {
      toast.error(problemText(failure, t('orders.admin.failed'), true));
    }
  };

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="admin-order-ship">
      <h2 id="admin-order-ship" className="font-serif text-2xl">
        {t('orders.admin.ship.title')}
      </h2>
      {state === 'refunded' || state === 'nothingLeft' ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="ship-nothing">
          {t(state === 'refunded' ? 'orders.admin.ship.refundedAll' : 'orders.admin.ship.nothingLeft')}
        </p>
      ) : shippable ? (
        <>
          <p className="mt-2 text-sm text-muted">{t('orders.admin.ship.intro')}</p>
          <ParcelList order={order} className="mt-4" />
          <div className="mt-4 flex flex-col gap-2">
            {order.delivery.method === 'pickup' ? (
              <button type="button" className="btn btn-primary" onClick={() => setOpen('pickup')}>
                {t('orders.admin.ship.readyForPickup')}
              </button>
            ) : null}
            <button
              type="button"
              className={order.delivery.method === 'pickup' ? 'btn btn-outline' : 'btn btn-primary'}
              onClick={() => setOpen(suggestedCarrier(order) === 'pickup' ? 'courier' : suggestedCarrier(order))}
            >
              {t('orders.admin.ship.ship')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            {order.carrier
              ? t('orders.admin.ship.shippedBy', {
                  carrier:
                    order.carrier === 'other'
                      ? t('labels.trackingCarrier.other')
                      : t(`labels.shipCarrier.${order.carrier}`),
                })
              : t('orders.admin.ship.shippedText')}
          </p>
          <button
            type="button"
            className="btn btn-primary mt-4 w-full"
            disabled={deliver.isPending}
            onClick={() =>
              ask({
                title: t('orders.admin.ship.deliveredTitle', { number: order.number }),
                description: t('orders.admin.ship.deliveredText'),
                confirmLabel: t('orders.admin.ship.markDelivered'),
                tone: 'default',
                action: markDelivered,
              })
            }
          >
            {t('orders.admin.ship.markDelivered')}
          </button>
        </>
      )}
      {shippable ? (
        <Modal
          open={open !== null}
          onOpenChange={(next) => (next ? undefined : setOpen(null))}
          title={
            open === 'pickup'
              ? t('orders.admin.ship.pickupTitle', { number: order.number })
              : t('orders.admin.ship.dialogTitle', { number: order.number })
          }
          description={t('orders.admin.ship.dialogText')}
          showDescription
        >
          {open ? <ShipDialogForm order={order} initial={open} onDone={() => setOpen(null)} /> : null}
        </Modal>
      ) : null}
    </section>
  );
}

function ShipDialogForm({ order, initial, onDone }: { order: Order; initial: ShipCarrier; onDone: () => void }) {
  const { t } = useTranslation();
  const base = useId();
  const ship = useShipOrder();
  const [problem, setProblem] = useState<string | null>(null);
  // A CDEK parcel registered from the CDEK panel already has CDEK's number: offered here.
  const cdek = useQuery({ ...orderCdekQueryOptions(order.id), enabled: Boolean(order.delivery.cdek) });
  const cdekNumber =
    (order.tracking?.carrier === 'cdek' ? order.tracking.number : null) ??
    (order.delivery.cdek ? (cdek.data?.shipment?.cdekNumber ?? null) : null);
  const form = useForm<ShipForm, unknown, ShipOrderInput>({
    resolver: writeResolver(ShipOrderBody, toBody),
    defaultValues: {
      carrier: initial,
      tracking:
        initial === 'cdek' ? (cdekNumber ?? '') : order.tracking?.carrier === initial ? order.tracking.number : '',
      note: '',
    },
  });
  const message = useFieldMessage(form.formState.errors);
  const carrier = form.watch('carrier');
  const tracked = TRACKED_SHIP_CARRIERS.includes(carrier);
  const trackingError = message('tracking');
  const noteError = message('note');
  const noteId = `${base}-note`;

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    ship.mutate(
      { id: order.id, body },
      {
        onSuccess: (shipped) => {
          toast.success(
            shipped.carrier === 'pickup' ? t('orders.admin.ship.pickupDone') : t('orders.admin.ship.shippedDone'),
          );
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('orders.admin.failed'), true)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4">
      <ParcelList order={order} />
      <fieldset>
        <legend className="field-label">{t('orders.admin.ship.carrier')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SHIP_CARRIERS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border border-line px-4 py-2 has-[:checked]:border-rose-600 has-[:checked]:bg-rose-50"
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-rose-600"
                {...form.register('carrier', {
                  onChange: (event: { target: { value: string } }) => {
                    if (event.target.value === 'cdek' && cdekNumber && !form.getValues('tracking'))
                      form.setValue('tracking', cdekNumber);
                  },
                })}
              />
              <span>{t(`labels.shipCarrier.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {tracked ? (
        <TextField
          {...form.register('tracking')}
          id={`${base}-tracking`}
          label={t('orders.admin.ship.tracking')}
          error={trackingError}
          hint={
            carrier === 'cdek' && cdekNumber
              ? t('orders.admin.ship.cdekPrefilled')
              : t('orders.admin.ship.trackingHint')
          }
          inputClassName="uppercase"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          required
        />
      ) : (
        <p className="text-sm text-muted">
          {carrier === 'pickup' ? t('orders.admin.ship.pickupHint') : t('orders.admin.ship.courierHint')}
        </p>
      )}
      <div>
        <label htmlFor={noteId} className="field-label">
          {t('orders.admin.ship.note')}
        </label>
        <textarea
          {...form.register('note')}
          {...fieldControlProps(noteId, Boolean(noteError))}
          aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
          rows={3}
          maxLength={SHIP_NOTE_MAX}
          className="input min-h-24"
        />
        {noteError ? (
          <FieldError id={noteId}>{noteError}</FieldError>
        ) : (
          <p id={`${noteId}-hint`} className="mt-1.5 text-sm text-muted">
            {carrier === 'pickup' ? t('orders.admin.ship.notePickupHint') : t('orders.admin.ship.noteHint')}
          </p>
        )}
      </div>
      {problem ? <FormProblem>{problem}</FormProblem> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline min-h-11" disabled={ship.isPending} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={ship.isPending} disabled={ship.isPending}>
          {carrier === 'pickup' ? t('orders.admin.ship.submitPickup') : t('orders.admin.ship.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
