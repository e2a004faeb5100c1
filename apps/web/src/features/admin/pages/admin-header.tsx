import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CloseIcon, EyeIcon, FlowerIcon, LogoutIcon, MenuIcon, UserIcon } from '../../../shared/ui/icons';
import { useSession } from '../../auth/api/auth-session';
import { AdminNav } from './admin-nav';

/** What the admin app is given (here, beside the header and menu that show both). */
export interface AdminAppProps {
  /** The site's language choice (the app's own switcher), shown in the admin's header and menu. */
  languageSwitcher: ReactNode;
  /** Signs out and leaves the admin area. */
  onLogout: () => void;
}

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold text-ink-soft hover:bg-blush-100 hover:text-rose-800';

/** The signed-in admin's name, as her account has it. */
function useOwnerName(): string {
  const session = useSession();
  return session.status === 'authenticated' ? session.user.name : '';
}

/**
 * Below 1024 px: the sections behind a menu button, in a Radix dialog (focus kept inside, Esc
 * closes, focus back on the button; after choosing a section, on the page instead).
 */
function AdminMenu({ languageSwitcher, onLogout }: AdminAppProps) {
  const { t } = useTranslation();
  const name = useOwnerName();
  const [open, setOpen] = useState(false);
  const navigated = useRef(false);
  const go = () => {
    navigated.current = true;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${iconButton} -ml-2 lg:hidden`} aria-label={t('admin.shell.openMenu')}>
        <MenuIcon width={24} height={24} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-ink/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!navigated.current) return;
            navigated.current = false;
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-cream shadow-2xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
            <Dialog.Title className="font-serif text-2xl font-semibold">{t('admin.shell.menu')}</Dialog.Title>
            <Dialog.Close className={iconButton} aria-label={t('admin.shell.closeMenu')}>
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <nav aria-label={t('admin.nav')}>
            <AdminNav onNavigate={go} />
          </nav>
          <div className="mt-auto flex flex-col gap-3 border-t border-line px-5 py-5">
            {name ? (
              <p className="flex items-center gap-2 text-sm text-ink-soft">
                <UserIcon aria-hidden="true" />
                {t('admin.shell.signedInAs', { name })}
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">
                {t('header.language')}
              </span>
              {languageSwitcher}
            </div>
            <Link to="/" onClick={() => setOpen(false)} className="btn btn-outline">
              {t('admin.shell.viewShop')}
            </Link>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {t('header.logout')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The admin's own header: menu (phones, tablets), shop name, view shop, the owner's name, language, sign out. */
export function AdminHeader({ languageSwitcher, onLogout }: { languageSwitcher: ReactNode; onLogout: () => void }) {
  const { t } = useTranslation();
  const name = useOwnerName();
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-cream/95 backdrop-blur-md">
      <div className="flex h-16 items-center gap-2 px-4 sm:px-6 lg:px-8">
        <AdminMenu languageSwitcher={languageSwitcher} onLogout={onLogout} />
        <Link to="/admin" className="group inline-flex min-h-11 min-w-0 items-center gap-2 rounded-lg">
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-blush-100 text-rose-600 sm:inline-flex">
            <FlowerIcon width={20} height={20} />
          </span>
          <span className="flex min-w-0 flex-col leading-none">
            <span className="font-serif text-2xl font-semibold tracking-wide text-ink">Atelier</span>
            <span className="mt-0.5 hidden text-[0.65rem] font-semibold whitespace-nowrap uppercase tracking-[0.2em] text-muted sm:block">
              {t('admin.title')}
            </span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link to="/" className={iconButton} title={t('admin.shell.viewShop')}>
            <EyeIcon aria-hidden="true" />
            <span className="sr-only md:not-sr-only">
              <span className="whitespace-nowrap">{t('admin.shell.viewShop')}</span>
            </span>
          </Link>
          {name ? (
            <p className="hidden max-w-48 items-center gap-2 truncate px-2 text-sm font-semibold text-ink sm:flex">
              <UserIcon aria-hidden="true" className="shrink-0" />
              <span className="sr-only">{t('admin.shell.signedInAs', { name })}</span>
              <span aria-hidden="true" className="truncate">
                {name}
              </span>
            </p>
          ) : null}
          <div className="hidden lg:flex">{languageSwitcher}</div>
          <button type="button" className={iconButton} onClick={onLogout} title={t('header.logout')}>
            <LogoutIcon aria-hidden="true" />
            <span className="sr-only xl:not-sr-only">
              <span className="whitespace-nowrap">{t('header.logout')}</span>
            </span>
          </button>
        </div>
      </div>
    </header>
  );
}
