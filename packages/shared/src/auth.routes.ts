import { defineRoutes } from './route-table';

export const authRouteTable = defineRoutes({
  captcha: { method: 'GET', path: '/api/auth/captcha', access: 'public' },
  register: { method: 'POST', path: '/api/auth/register', access: 'public' },
  getVerifyEmail: { method: 'GET', path: '/api/auth/verify-email/:token', access: 'public' },
  verifyEmailLink: { method: 'POST', path: '/api/auth/verify-email/link', access: 'public' },
  createVerifyEmail: { method: 'POST', path: '/api/auth/verify-email', access: 'public' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification', access: 'public' },
  login: { method: 'POST', path: '/api/auth/login', access: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', access: 'user' },
  me: { method: 'GET', path: '/api/auth/me', access: 'user' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password/:token', access: 'public' },
  changePassword: { method: 'POST', path: '/api/auth/change-password', access: 'user' },
});
