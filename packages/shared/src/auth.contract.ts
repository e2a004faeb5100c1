import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import {
  AuthResultSchema,
  CaptchaSchema,
  ChangePasswordBody,
  EmailTokenParamSchema,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  RegisterResultSchema,
  ResendVerificationBody,
  ResetPasswordBody,
  UserResultSchema,
  VerifyEmailBody,
  VerifyLinkBody,
} from './auth';
import { authRouteTable } from './auth.routes';
import { defineContract } from './contract';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
const MessageOnly = successEnvelope(z.null());

export const authContract = defineContract('auth', authRouteTable, {
  captcha: {
    summary:
      'A new arithmetic captcha for registration (single use, 10 minutes), and the SmartCaptcha client key when registration also asks for its token',
    response: { 200: successEnvelope(CaptchaSchema) },
  },
  register: {
    summary:
      'Create an unverified account and mail a 6-digit code and a link; `consents` names the user agreement and personal-data consent versions shown (400 without them, 409 when one is no longer in force)',
    body: RegisterBody,
    response: { 201: successEnvelope(RegisterResultSchema), ...errors, 409: ErrorBodySchema, 503: ErrorBodySchema },
  },
  getVerifyEmail: {
    summary: 'The emailed link: verifies nothing, redirects to the page with the "Confirm email" button',
    params: z.object({ token: z.string().max(200) }),
    response: { 302: z.null().describe('Redirect to /auth/verify-link#token=…') },
  },
  verifyEmailLink: {
    summary: 'The confirm page’s one click: verifies with the emailed link’s token and signs in',
    body: VerifyLinkBody,
    response: { 200: successEnvelope(AuthResultSchema), ...errors },
  },
  createVerifyEmail: {
    summary: 'Verify with the 6-digit code; signs in',
    body: VerifyEmailBody,
    response: { 200: successEnvelope(AuthResultSchema), ...errors },
  },
  resendVerification: {
    summary: 'Mail a new code (same answer for unknown addresses; one per 60 s per address)',
    body: ResendVerificationBody,
    response: { 200: MessageOnly, ...errors },
  },
  login: {
    summary: 'Sign in with email and password; 403 EMAIL_NOT_VERIFIED for an unverified address',
    body: LoginBody,
    response: { 200: successEnvelope(AuthResultSchema), ...errors },
  },
  logout: {
    summary: 'Revoke this session’s token',
    response: { 200: MessageOnly, 401: ErrorBodySchema },
  },
  me: {
    summary: 'The signed-in user',
    response: { 200: successEnvelope(UserResultSchema), 401: ErrorBodySchema },
  },
  forgotPassword: {
    summary: 'Mail a reset link valid 1 hour (same answer whether or not the address exists)',
    body: ForgotPasswordBody,
    response: { 200: MessageOnly, ...errors },
  },
  resetPassword: {
    summary: 'Set a new password with the emailed link; ends every session',
    params: EmailTokenParamSchema,
    body: ResetPasswordBody,
    response: { 200: MessageOnly, ...errors },
  },
  changePassword: {
    summary: 'Change the password (current one required); ends the other sessions',
    body: ChangePasswordBody,
    response: { 200: MessageOnly, ...errors },
  },
});
