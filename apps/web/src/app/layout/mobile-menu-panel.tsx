import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/api/auth-session';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CloseIcon } from '../../shared/ui/icons';
import { useReturnFocus } from '../../shared/ui/modal-dialog';
import { isAdmin } from '../access';
import { NAV_ITEMS } from './nav-items';
import { CurrencySwitcher, LanguageSwitcher } from './switchers';

/** The slide-in menu itself (a lazy chunk): a Radix dialog (focus trap, Esc closes, focus returns). */
export function MobileMenuPanel({
  open,
  onOpenChange,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();
  const admin = session.status === 'authenticated' && isAdmin(session.user);
  const linkClass =
    'flex min-h-12 items-center rounded-2xl px-4 font-serif text-2xl text-ink hover:bg-blush-100 hover:text-rose-800';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-ink/40 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="animate-slide-in-right fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-cream shadow-2xl focus:outline-none md:hidden"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-serif text-2xl font-semibold">{t('header.menu')}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-blush-100"
              aria-label={t('header.closeMenu')}
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <nav aria-label={t('header.mainNav')} className="px-3 py-4">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} onClick={close} className={linkClass}>
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/cart" onClick={close} className={linkClass}>
                  {t('nav.cart')}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="mx-5 flex flex-col gap-4 border-t border-line py-5">
            <div className="flex flex-col gap-2">
              <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">
                {t('header.currency')}
              </span>
              <CurrencySwitcher tone="plain" />
            </div>
            <div className="flex flex-col gap-2">
              <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">
                {t('header.language')}
              </span>
              <LanguageSwitcher tone="plain" />
            </div>
          </div>
          <div className="mt-auto flex flex-col gap-3 border-t border-line px-5 py-5">
            {session.status === 'authenticated' ? (
              <>
                <Link to={admin ? '/admin' : '/account'} onClick={close} className="btn btn-primary">
                  {admin ? t('header.adminPanel') : t('header.account')}
                </Link>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  {t('header.logout')}
                </button>
              </>
            ) : (
              <Link to="/auth" onClick={close} className="btn btn-primary">
                {t('header.login')}
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
