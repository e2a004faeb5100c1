import { useTranslation } from '../../../shared/i18n/use-translation';
import { DeliverySettingsPanel } from './delivery-settings-panel';
import { FailingJobsPanel } from './failing-jobs';
import { NotificationSettingsPanel } from './notification-settings-panel';

/**
 * /admin/settings: how the shop reaches its owner (which notices, when the digest comes, in which
 * language) and how it delivers (where parcels go, the workshop for pickup).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-settings-title">
      <h1 id="admin-settings-title" className="text-4xl sm:text-5xl">
        {t('admin.sections.settings')}
      </h1>
      <p className="mt-2 text-ink-soft">{t('admin.settingsIntro')}</p>
      <FailingJobsPanel />
      <NotificationSettingsPanel />
      <DeliverySettingsPanel />
    </section>
  );
}
