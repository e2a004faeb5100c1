import { Link, NavLink, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/api/auth-session';
import { useLogout } from '../../features/auth/api/logout';
import { useCart } from '../../features/cart/api/use-cart';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CartIcon, FlowerIcon, LogoutIcon, UserIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast';
import { isAdmin } from '../access';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { CurrencySwitcher, LanguageSwitcher } from './switchers';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    // Named by what it shows (plus where it leads, for a screen reader): a spoken "Atelier" finds it.
    <Link to="/" className="group inline-flex items-center gap-2.5 rounded-lg">
      <span className="inline-flex size-10 items-center justify-center rounded-full bg-blush-100 text-rose-600 transition-colors group-hover:bg-blush-200">
        <FlowerIcon width={24} height={24} />
      </span>
      <span className="flex flex-col leading-none">
        <span className="font-serif text-2xl font-semibold tracking-wide text-ink">Atelier</span>
        <span
          className={`mt-0.5 text-[0.65rem] font-semibold whitespace-nowrap uppercase tracking-[0.24em] text-muted ${compact ? 'hidden lg:block' : ''}`}
        >
          {t('header.tagline')}
        </span>
      </span>
      <span className="sr-only"> — {t('header.homeLink')}</span>
    </Link>
  );
}

export function useLogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/', { flushSync: true }));
  return () => logout.mutate(undefined, { onSettled: () => toast.success(t('auth.loggedOut')) });
}

export function CartLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { totalItems } = useCart();
  return (
    <Link
      to="/cart"
      aria-label={t('header.cartWithCount', { count: totalItems })}
      className={`relative inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-blush-100 hover:text-rose-800 ${className}`}
    >
      <CartIcon width={22} height={22} />
      {totalItems > 0 ? (
        <span
          aria-hidden="true"
          className="figures absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.7rem] font-bold text-white"
        >
          {totalItems}
        </span>
      ) : null}
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogoutAction();
  const admin = session.status === 'authenticated' && isAdmin(session.user);

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-cream/90 backdrop-blur-md">
      <div className="hidden border-b border-line/70 bg-blush-50/80 md:block">
        <div className="container-page flex h-11 items-center justify-between gap-4 text-sm">
          <p className="text-muted">{t('header.topline')}</p>
          <div className="flex items-center gap-3">
            <CurrencySwitcher />
            <LanguageSwitcher />
          </div>
        </div>
      </div>
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <Logo compact />
        <nav aria-label={t('header.mainNav')} className="hidden md:block">
          <ul className="flex items-center lg:gap-1 xl:gap-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-full px-2 py-2 text-sm font-semibold tracking-wide whitespace-nowrap transition-colors hover:text-rose-700 lg:px-3 xl:px-4 ${
                      isActive && !item.to.includes('#') ? 'text-rose-700' : 'text-ink-soft'
                    }`
                  }
                >
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <CartLink />
          <div className="hidden items-center gap-1 md:flex">
            {session.status === 'authenticated' ? (
              <>
                <Link
                  to={admin ? '/admin' : '/account'}
                  title={admin ? t('header.adminPanel') : t('header.account')}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink-soft hover:bg-blush-100 hover:text-rose-800"
                >
                  <UserIcon />
                  {/* Icon-only between 768 and 1280 px so the header never wraps; the name stays spoken. */}
                  {/* not-sr-only resets white-space, so the no-wrap sits on an inner span. */}
                  <span className="sr-only xl:not-sr-only">
                    <span className="whitespace-nowrap">{admin ? t('header.adminPanel') : t('header.account')}</span>
                  </span>
                </Link>
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink-soft hover:bg-blush-100 hover:text-rose-800"
                  onClick={logout}
                  title={t('header.logout')}
                >
                  <LogoutIcon />
                  <span className="sr-only xl:not-sr-only">
                    <span className="whitespace-nowrap">{t('header.logout')}</span>
                  </span>
                </button>
              </>
            ) : (
              <Link to="/auth" className="btn btn-outline btn-sm ml-1">
                {t('header.login')}
              </Link>
            )}
          </div>
          <MobileMenu onLogout={logout} />
        </div>
      </div>
    </header>
  );
}
