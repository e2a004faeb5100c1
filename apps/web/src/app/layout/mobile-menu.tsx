import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { MenuIcon } from '../../shared/ui/icons';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

/**
 * Menu button below 768 px. The dialog (Radix) is not part of the first paint: it loads when the
 * button is first pressed, or earlier when the pointer or focus reaches it.
 */
export function MobileMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);

  return (
    <>
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-blush-100 hover:text-rose-800 md:hidden"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <MenuIcon width={24} height={24} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} onLogout={onLogout} />
        </Suspense>
      ) : null}
    </>
  );
}
