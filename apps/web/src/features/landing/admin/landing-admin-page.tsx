import type { About, LandingSettings } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
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
      <Loaded query={about}>{(data: About) => <AboutEditor about={data} />}</Loaded>
      <Loaded query={settings}>{(data: LandingSettings) => <SettingsEditor settings={data} />}</Loaded>
    </section>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.data === undefined)
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  return <>{children(query.data)}</>;
}
