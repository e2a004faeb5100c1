/**
 * The web's routes: one element for every page declared in `@atelier/shared` pages.ts (the record
 * type makes a declared page without a route, or a route without a declaration, a type error;
 * `route-table.test.ts` checks the built table), plus the catch-all to /404.
 */
import { PAGES, type PageId } from '@atelier/shared/pages';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { RouteErrorFallback } from './error-boundary';
import { AdminGate } from './guards/admin-gate';
import { RequireUser } from './guards/require-user';
import { RootLayout } from './layout/root-layout';
import { lazyPage } from './lazy-page';

// Home is a page like the others: its sections are not part of the app every page loads.
const HomePage = lazyPage(() => import('./routes/home-page'), 'HomePage');
const ShopPage = lazyPage(() => import('../features/shop/pages/shop-page'), 'ShopPage');
const ProductPage = lazyPage(() => import('./routes/product-route'), 'ProductPage');
const TrainingPage = lazyPage(() => import('./routes/training-page'), 'TrainingPage');
const LessonPage = lazyPage(() => import('./routes/lesson-route'), 'LessonPage');
const CoursePage = lazyPage(() => import('../features/courses/pages/course-page'), 'CoursePage');
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
const CertificatePage = lazyPage(() => import('../features/certificates/pages/certificate-page'), 'CertificatePage');
const GiftCertificatePage = lazyPage(
  () => import('../features/gift-certificates/pages/gift-certificate-page'),
  'GiftCertificatePage',
);
const CustomRequestPage = lazyPage(
  () => import('../features/custom-orders/pages/custom-request-page'),
  'CustomRequestPage',
);
const AccountPage = lazyPage(() => import('../features/users/pages/account-page'), 'AccountPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const LegalPage = lazyPage(() => import('../features/legal/pages/legal-page'), 'LegalPage');
const LegalKindPage = lazyPage<object, 'LegalKindPage'>(
  () => import('../features/legal/pages/legal-page'),
  'LegalKindPage',
);
const LegalVersionPage = lazyPage<object, 'LegalVersionPage'>(
  () => import('../features/legal/pages/legal-page'),
  'LegalVersionPage',
);

/** `/login` and `/register` are old addresses of the auth page. */
function ToAuth({ tab }: { tab?: 'register' }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (tab) params.set('tab', tab);
  const query = params.toString();
  return <Navigate to={`/auth${query ? `?${query}` : ''}`} replace />;
}

function LessonById() {
  const { id } = useParams();
  return <LessonPage key={id} />;
}

function ProductById() {
  const { id } = useParams();
  return <ProductPage key={id} />;
}

const PAGE_ELEMENTS: Record<PageId, ReactNode> = {
  home: <HomePage />,
  lessons: <TrainingPage />,
  lessonByQuery: <LessonPage />,
  lesson: <LessonById />,
  course: <CoursePage />,
  shop: <ShopPage />,
  product: <ProductById />,
  giftCertificates: <GiftCertificatePage />,
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
  certificate: <CertificatePage />,
  privacy: <LegalPage doc="privacy" />,
  terms: <LegalPage doc="terms" />,
  agreement: <LegalPage doc="agreement" />,
  legalDocument: <LegalKindPage />,
  legalVersion: <LegalVersionPage />,
  notFound: <NotFoundPage />,
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      ...(Object.keys(PAGE_ELEMENTS) as PageId[]).map((id) => ({
        id,
        path: PAGES[id].path,
        element: PAGE_ELEMENTS[id],
      })),
      { path: '*', element: <Navigate to={PAGES.notFound.path} replace /> },
    ],
  },
];
