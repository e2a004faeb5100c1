import { formatMoney, type MyGiftCertificate } from '@atelier/shared';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { GiftBalanceCheck } from '../../../shared/ui/gift-balance-check';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { checkGiftBalance, useMyGiftCertificates } from '../../gift-certificates/api/gift-certificates';

function CertificateCard({ certificate }: { certificate: MyGiftCertificate }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMoney(amount, certificate.currency, language);
  const when = certificate.deliveredAt
    ? t('giftCertificates.list.deliveredAt', { date: formatDate(certificate.deliveredAt, language) })
    : certificate.deliveryDate && certificate.status === 'active'
      ? t('giftCertificates.list.deliveryOn', { date: formatDate(`${certificate.deliveryDate}T12:00:00Z`, language) })
      : null;
  return (
    <li className="card flex flex-col gap-2 p-5">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-serif text-2xl">{money(certificate.amount)}</span>
        <span className="rounded-full bg-blush-100 px-3 py-1 text-xs font-semibold text-rose-800">
          {t(`giftCertificates.status.${certificate.status}`)}
        </span>
      </p>
      {certificate.recipientName ? (
        <p className="text-sm wrap-anywhere">
          {t('giftCertificates.list.for', { name: certificate.recipientName })}
          {certificate.recipientEmail ? <span className="text-muted"> · {certificate.recipientEmail}</span> : null}
        </p>
      ) : null}
      {certificate.status === 'active' || certificate.status === 'deactivated' ? (
        <p className="text-sm">
          {t('giftCertificates.list.balance', {
            balance: money(certificate.balance),
            amount: money(certificate.amount),
          })}
        </p>
      ) : null}
      {certificate.code ? (
        <p className="text-sm">
          {t('giftCertificates.list.code')}:{' '}
          <code className="font-mono font-semibold tracking-wider break-all">{certificate.code}</code>
        </p>
      ) : certificate.status === 'pending' ? (
        <p className="text-sm text-muted">{t('giftCertificates.list.codeAfterPayment')}</p>
      ) : null}
      {when ? <p className="text-sm text-muted">{when}</p> : null}
      {certificate.orderId && certificate.orderNumber !== null ? (
        <Link to={`/account/orders/${certificate.orderId}`} className="link self-start text-sm">
          {t('giftCertificates.list.order', { number: certificate.orderNumber })}
        </Link>
      ) : null}
    </li>
  );
}

/** The account's gift certificates: the ones bought (with their codes once paid) and the balance check. */
export function GiftCertificatesSection() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useMyGiftCertificates();
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="account-gifts">
        <h2 id="account-gifts" className="mb-4 font-serif text-2xl">
          {t('giftCertificates.list.title')}
        </h2>
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <EmptyState title={t('giftCertificates.list.empty')}>
            <Link to="/gift-certificates" className="btn btn-primary mt-4">
              {t('giftCertificates.list.buy')}
            </Link>
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="gift-certificates">
            {data.map((certificate) => (
              <CertificateCard key={certificate.id} certificate={certificate} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="account-gift-check" className="card h-fit p-6">
        <h2 id="account-gift-check" className="font-serif text-2xl">
          {t('giftCertificates.list.checkTitle')}
        </h2>
        <GiftBalanceCheck check={checkGiftBalance} className="mt-4" />
      </section>
    </div>
  );
}
