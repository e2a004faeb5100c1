import { type Download, localize } from '@atelier/shared';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { toast } from '../../../shared/ui/toast';
import { useDownloads, useReissueDownload } from '../../payments/api/downloads';

const STATE_TONE: Record<Download['state'], string> = {
  active: 'bg-sage-100 text-sage-700',
  expired: 'bg-blush-100 text-rose-800',
  used_up: 'bg-blush-100 text-rose-800',
};

/**
 * The account's digital books: each link's state, uses left and expiry; an expired or
 * used-up link can be re-issued (a new link is mailed and opened at once) a limited number of times.
 * Shown above the order history; nothing at all when the customer has no digital books.
 */
export function DigitalDownloads() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useDownloads();
  const reissue = useReissueDownload();
  if (!data || data.length === 0) return null;

  const renew = (item: Download) =>
    reissue.mutate(item.id, {
      onSuccess: (result) => {
        toast.success(result.message ?? t('payments.reissued'));
        window.location.assign(result.url);
      },
      onError: (error) => toast.error(errorMessage(error, t('payments.reissueFailed'))),
    });

  return (
    <section aria-labelledby="digital-downloads-title" className="mb-10">
      <h2 id="digital-downloads-title" className="mb-2 font-serif text-3xl">
        {t('payments.downloadsTitle')}
      </h2>
      <p className="mb-5 text-sm text-muted">{t('payments.downloadsHint')}</p>
      <ul className="flex flex-col gap-4">
        {data.map((item) => (
          <li key={item.id} className="card flex flex-wrap items-center justify-between gap-4 p-5">
            <div className="min-w-0">
              <p className="font-serif text-2xl break-words">{localize(item.name, language)}</p>
              <p className="mt-1 text-sm text-muted">
                {t('checkout.orderNumber', { number: item.orderNumber })} ·{' '}
                {item.state === 'active'
                  ? t('payments.downloadsLeft', {
                      count: item.downloadsLeft,
                      date: formatDate(item.expiresAt, language),
                    })
                  : t(`payments.linkState.${item.state}`)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_TONE[item.state]}`}>
                {t(`payments.linkBadge.${item.state}`)}
              </span>
              {item.reissuesLeft > 0 ? (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => renew(item)}
                  disabled={reissue.isPending}
                  aria-describedby={`reissues-${item.id}`}
                >
                  {t('payments.reissue')}
                </button>
              ) : null}
              <span id={`reissues-${item.id}`} className="text-xs text-muted">
                {t('payments.reissuesLeft', { count: item.reissuesLeft })}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
