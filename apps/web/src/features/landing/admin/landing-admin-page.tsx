import type { About, LandingSettings } from '@atelier/shared';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useAbout } from '../api/get-about';
import { useLanding } from '../api/get-landing';
import { AboutEditor } from './about-editor';
import { SettingsEditor } from './settings-editor';

/** /admin/landing: the about section (texts per language, Markdown, photo) and the site settings. */
export function LandingAdminPage() {
  const { t } = useTranslation();
  const about = useAbout();
  const settings = useLanding();
  return (
    <section aria-labelledby="landing-admin-title" className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <h1 id="landing-admin-title" className="text-4xl">
        {t('landing.admin.title')}
      </h1>
      <QueryState query={about}>{(data: About) => <AboutEditor about={data} />}</QueryState>
      <QueryState query={settings}>{(data: LandingSettings) => <SettingsEditor settings={data} />}</QueryState>
    </section>
  );
}
