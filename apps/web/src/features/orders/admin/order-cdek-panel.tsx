import { type CdekShipment, formatMoney, type Order, trackingUrl } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { useDownloadCdekLabel, useOrderCdek, useRegisterCdek } from '../../cdek/api/admin-cdek';
import { cdekKeys } from '../../cdek/api/keys';
import { orderKeys } from '../api/keys';
import { formatDateTime } from '../components/order-detail';

/** While CDEK is still making the order (no number yet), the panel asks again this often. */
const AWAITING_POLL_MS = 5_000;

/**
 * Admin order page, for an order going to a CDEK point while CDEK is set up: the point, tariff and
 * parcel it was priced for; "Register with CDEK" for a paid order (once — a second click gets the
 * same shipment); then CDEK's number (linked to CDEK's tracking), the office to hand the parcel
 * in at, the barcode label and CDEK's statuses, newest first.
 */
export function OrderCdekPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const panel = useOrderCdek(order.id);
  const register = useRegisterCdek();
  const label = useDownloadCdekLabel();
  const cdek = order.delivery.cdek;
  const shipment = panel.data?.shipment ?? null;
  const awaiting = shipment?.state === 'registered' && shipment.cdekNumber === null;

  useEffect(() => {
    if (!awaiting) return;
    const timer = setInterval(() => {
      void client.invalidateQueries({ queryKey: cdekKeys.adminOrder(order.id) });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    }, AWAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [awaiting, client, order.id]);

  if (!cdek || (panel.data && !panel.data.enabled && !shipment)) return null;

  const send = async () => {
    try {
      const { data, message } = await register.mutateAsync(order.id);
      if (data.shipment?.state === 'failed')
        toast.error(message ?? t('cdek.admin.failed', { error: data.shipment.error }));
      else toast.success(message ?? t('cdek.admin.title'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('orders.admin.failed')));
    }
  };
  const print = async () => {
    try {
      toast.success(t('cdek.admin.labelSaved', { name: await label.mutateAsync(order.id) }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('cdek.admin.labelFailed')));
    }
  };

  return (
    <section className="card p-5 text-sm sm:p-6" aria-labelledby="admin-order-cdek">
      <h2 id="admin-order-cdek" className="font-serif text-2xl">
        {t('cdek.admin.title')}
      </h2>
      <div className="mt-3 flex flex-col gap-1 text-ink-soft">
        <p className="wrap-anywhere">{t('cdek.admin.point', { code: cdek.pointCode, address: cdek.address })}</p>
        <p>
          {t('cdek.admin.tariff', { code: cdek.tariffCode, amount: formatMoney(cdek.carrierCost, 'RUB', language) })}
        </p>
        <p>
          {t('cdek.admin.parcel', {
            weight: cdek.parcel.weightGrams,
            length: cdek.parcel.lengthCm,
            width: cdek.parcel.widthCm,
            height: cdek.parcel.heightCm,
          })}
        </p>
      </div>

      {panel.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : panel.isError ? (
        <p className="mt-3 text-red-800" role="alert">
          {t('cdek.admin.failedToLoad')}
        </p>
      ) : (
        <>
          {shipment ? <ShipmentState shipment={shipment} /> : null}
          {panel.data?.canRegister ? (
            <button
              type="button"
              className="btn btn-primary mt-4 w-full"
              disabled={register.isPending}
              onClick={() => void send()}
            >
              {register.isPending ? <Spinner className="size-4" /> : null}
              {t('cdek.admin.register')}
            </button>
          ) : !shipment ? (
            <p className="mt-3 text-muted">{t('cdek.admin.notRegistrable')}</p>
          ) : null}
          {shipment?.labelAvailable ? (
            <button
              type="button"
              className="btn btn-outline mt-4 w-full"
              disabled={label.isPending}
              onClick={() => void print()}
            >
              {t('cdek.admin.label')}
            </button>
          ) : null}
          {shipment && shipment.state === 'registered' ? <Statuses shipment={shipment} /> : null}
        </>
      )}
    </section>
  );
}

function ShipmentState({ shipment }: { shipment: CdekShipment }) {
  const { t } = useTranslation();
  if (shipment.state === 'failed') {
    return (
      <p className="mt-3 wrap-anywhere text-red-800" role="alert">
        {t('cdek.admin.failed', { error: shipment.error ?? '—' })}
      </p>
    );
  }
  if (shipment.state === 'registering') return <p className="mt-3 text-ink-soft">{t('cdek.admin.inProgress')}</p>;
  if (!shipment.cdekNumber) return <p className="mt-3 text-ink-soft">{t('cdek.admin.awaitingNumber')}</p>;
  const url = trackingUrl({ carrier: 'cdek', number: shipment.cdekNumber });
  return (
    <>
      <dl className="mt-3 flex flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted">{t('cdek.admin.number')}</dt>
          <dd>
            {url ? (
              <a className="link font-semibold" href={url} target="_blank" rel="noopener noreferrer">
                {shipment.cdekNumber}
                <span className="sr-only"> — {t('orders.detail.trackOpens')}</span>
              </a>
            ) : (
              shipment.cdekNumber
            )}
          </dd>
        </div>
        {shipment.stage ? (
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-muted">{t('cdek.admin.where')}</dt>
            <dd className="font-semibold">{t(`cdek.admin.stage.${shipment.stage}`)}</dd>
          </div>
        ) : null}
      </dl>
      {shipment.shipmentPoint ? (
        <p className="mt-1 text-ink-soft">{t('cdek.admin.handIn', { code: shipment.shipmentPoint })}</p>
      ) : null}
    </>
  );
}

function Statuses({ shipment }: { shipment: CdekShipment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <details className="mt-4">
      <summary className="cursor-pointer font-semibold">
        {t('cdek.admin.statuses')} ({shipment.statuses.length})
      </summary>
      {shipment.statuses.length === 0 ? (
        <p className="mt-2 text-muted">{t('cdek.admin.noStatuses')}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2">
          {shipment.statuses.map((status) => (
            <li key={`${status.code}-${status.at}`}>
              <span className="font-semibold">{status.name}</span>
              <span className="block text-muted">
                <time dateTime={status.at}>{formatDateTime(status.at, language)}</time>
                {status.city ? ` · ${status.city}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
