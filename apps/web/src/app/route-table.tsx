/**
 * The web's routes: one for every page declared in `@atelier/shared` pages.ts, plus the catch-all to
 * /404. A server-rendered page is its route module (app/page-routes.ts); any other page is an
 * element here (the record type makes a declared page without either a type error;
 * `route-table.test.ts` checks the built table).
 */
import { PAGES, type PageId } from '@atelier/shared/pages';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import type { PageRouteHandle, PageRouteModule } from '../shared/ssr/page-loader';
import { RouteErrorFallback } from './error-boundary';
import { AdminGate } from './guards/admin-gate';
import { RequireUser } from './guards/require-user';
import { RootLayout } from './layout/root-layout';
import { lazyPage } from './lazy-page';
import { isRendered, PAGE_ROUTES, type RenderedPageId, routeModuleName } from './page-routes';

/** Every route module, by its path from the app's root; loaded only when its page is shown. */
const ROUTE_MODULES = import.meta.glob<PageRouteModule>([
  '/src/app/routes/*.route.tsx',
  '/src/features/*/pages/*.route.tsx',
]);
const BY_NAME = new Map(Object.keys(ROUTE_MODULES).map((path) => [routeModuleName(path), path]));

/** A server-rendered page's route module (app/page-routes.ts) as a lazy element and the route's handle. */
function routeModule(page: RenderedPageId): { element: ReactNode; handle: PageRouteHandle } {
  const path = BY_NAME.get(PAGE_ROUTES[page]);
  const importModule = path && ROUTE_MODULES[path];
  if (!path || !importModule) throw new Error(`The route module of page "${page}" is missing`);
  const Page = lazyPage(importModule, 'Component');
  return { element: <Page />, handle: { module: path.slice(1), importModule } };
}

const CartPage = lazyPage(() => import('../features/cart/pages/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(() => import('../features/orders/pages/checkout-page'), 'CheckoutPage');
const OrderSuccessPage = lazyPage(() => import('../features/orders/pages/order-success-page'), 'OrderSuccessPage');
const OrderThanksPage = lazyPage(() => import('../features/orders/pages/order-thanks-page'), 'OrderThanksPage');
const OrderDetailPage = lazyPage(() => import('../features/orders/pages/order-detail-page'), 'OrderDetailPage');
const PayLinkPage = lazyPage(() => import('../features/orders/pages/pay-link-page'), 'PayLinkPage');
const PaymentSuccessPage = lazyPage(
  () => import('../features/payments/pages/payment-result-pages'),
  'PaymentSuccessPage',
);
const PaymentCancelPage = lazyPage(
  () => import('../features/payments/pages/payment-result-pages'),
  'PaymentCancelPage',
);
const PaymentProcessingPage = lazyPage(
  () => import('../features/payments/pages/payment-result-pages'),
  'PaymentProcessingPage',
);
const AuthPage = lazyPage(() => import('../features/auth/pages/auth-page'), 'AuthPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const VerifyLinkPage = lazyPage(() => import('../features/auth/pages/verify-link-page'), 'VerifyLinkPage');
const StockAlertLinkPage = lazyPage(
  () => import('../features/stock-alerts/pages/stock-alert-link-page'),
  'StockAlertLinkPage',
);
const CustomRequestPage = lazyPage(
  () => import('../features/custom-orders/pages/custom-request-page'),
  'CustomRequestPage',
);
const AccountPage = lazyPage(() => import('../features/users/pages/account-page'), 'AccountPage');

/** `/login` and `/register` are old addresses of the auth page. */
function ToAuth({ tab }: { tab?: 'register' }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (tab) params.set('tab', tab);
  const query = params.toString();
  return <Navigate to={`/auth${query ? `?${query}` : ''}`} replace />;
}

/** The pages rendered only in the browser: their element. */
const PAGE_ELEMENTS: Record<Exclude<PageId, RenderedPageId>, ReactNode> = {
  // Open to guests: they fill it in, sign in on sending, and come back to it filled.
  customOrder: <CustomRequestPage />,
  cart: <CartPage />,
  checkout: (
    <RequireUser>
      <CheckoutPage />
    </RequireUser>
  ),
  orderSuccess: <OrderSuccessPage />,
  paymentSuccess: <PaymentSuccessPage />,
  paymentCancel: <PaymentCancelPage />,
  paymentProcessing: <PaymentProcessingPage />,
  payLink: <PayLinkPage />,
  auth: <AuthPage />,
  verifyLink: <VerifyLinkPage />,
  login: <ToAuth />,
  register: <ToAuth tab="register" />,
  forgotPassword: <ForgotPasswordPage />,
  resetPassword: <ResetPasswordPage />,
  stockAlertConfirm: <StockAlertLinkPage action="confirm" />,
  stockAlertUnsubscribe: <StockAlertLinkPage action="unsubscribe" />,
  orderThanks: (
    <RequireUser>
      <OrderThanksPage />
    </RequireUser>
  ),
  accountOrder: (
    <RequireUser>
      <OrderDetailPage />
    </RequireUser>
  ),
  account: (
    <RequireUser>
      <AccountPage />
    </RequireUser>
  ),
  profile: (
    <RequireUser>
      <AccountPage />
    </RequireUser>
  ),
  admin: <AdminGate />,
};

/** A page's route: its element, and for a server-rendered page, its route module. */
function pageRoute(page: PageId): RouteObject {
  const own = isRendered(page) ? routeModule(page) : { element: PAGE_ELEMENTS[page] };
  return { id: page, path: PAGES[page].path, ...own };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      ...(Object.keys(PAGES) as PageId[]).map(pageRoute),
      { path: '*', element: <Navigate to={PAGES.notFound.path} replace /> },
    ],
  },
];
