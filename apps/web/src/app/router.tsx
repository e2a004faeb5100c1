import { createBrowserRouter, Navigate, useLocation, useParams } from 'react-router';
import { RouteErrorFallback } from './error-boundary';
import { AdminGate } from './guards/admin-gate';
import { RequireUser } from './guards/require-user';
import { RootLayout } from './layout/root-layout';
import { lazyPage } from './lazy-page';
import { HomePage } from './routes/home-page';

const ShopPage = lazyPage(() => import('../features/shop/pages/shop-page'), 'ShopPage');
const TrainingPage = lazyPage(() => import('../features/training/pages/training-page'), 'TrainingPage');
const LessonPage = lazyPage(() => import('../features/training/pages/lesson-page'), 'LessonPage');
const CoursePage = lazyPage(() => import('../features/training/pages/course-page'), 'CoursePage');
const CartPage = lazyPage(() => import('../features/cart/pages/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(() => import('../features/orders/pages/checkout-page'), 'CheckoutPage');
const OrderSuccessPage = lazyPage(() => import('../features/orders/pages/order-success-page'), 'OrderSuccessPage');
const OrderDetailPage = lazyPage(() => import('../features/orders/pages/order-detail-page'), 'OrderDetailPage');
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
const AccountPage = lazyPage(() => import('../features/users/pages/account-page'), 'AccountPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const LegalPage = lazyPage(() => import('./routes/legal-page'), 'LegalPage');

/** `/login` and `/register` are old addresses of the auth page (SPEC §2). */
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'shop', element: <ShopPage /> },
      { path: 'training', element: <TrainingPage /> },
      { path: 'training-detail', element: <LessonPage /> },
      { path: 'training-detail/:id', element: <LessonById /> },
      { path: 'training-course/:id', element: <CoursePage /> },
      { path: 'cart', element: <CartPage /> },
      {
        path: 'checkout',
        element: (
          <RequireUser>
            <CheckoutPage />
          </RequireUser>
        ),
      },
      { path: 'order/success', element: <OrderSuccessPage /> },
      { path: 'payment/success', element: <PaymentSuccessPage /> },
      { path: 'payment/cancel', element: <PaymentCancelPage /> },
      { path: 'payment/processing', element: <PaymentProcessingPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/verify-link', element: <VerifyLinkPage /> },
      { path: 'login', element: <ToAuth /> },
      { path: 'register', element: <ToAuth tab="register" /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      {
        path: 'account/orders/:id',
        element: (
          <RequireUser>
            <OrderDetailPage />
          </RequireUser>
        ),
      },
      {
        path: 'account/*',
        element: (
          <RequireUser>
            <AccountPage />
          </RequireUser>
        ),
      },
      {
        path: 'profile/*',
        element: (
          <RequireUser>
            <AccountPage />
          </RequireUser>
        ),
      },
      { path: 'admin/*', element: <AdminGate /> },
      { path: 'privacy', element: <LegalPage doc="privacy" /> },
      { path: 'terms', element: <LegalPage doc="terms" /> },
      { path: 'agreement', element: <LegalPage doc="agreement" /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
