import {
  AuthResultSchema,
  CaptchaSchema,
  ChangePasswordBody,
  EmailTokenParamSchema,
  ErrorBodySchema,
  ForgotPasswordBody,
  LoginBody,
  REGISTRATION_CONSENTS,
  RegisterBody,
  RegisterResultSchema,
  ResendVerificationBody,
  ResetPasswordBody,
  serverMessage,
  successEnvelope,
  UserResultSchema,
  VerifyEmailBody,
  VerifyLinkBody,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { LegalService } from '../legal/legal.service';
import type { AuthService, RequestContext } from './auth.service';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Registration needs the user agreement and the personal-data consent, recorded with the account. */
  legal: LegalService;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
const MessageOnly = successEnvelope(z.null());
const LINK_TOKEN_RE = /^[\w-]{20,100}$/;

function context(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    lang: requestLanguage(request),
  };
}

/** The account calls: register, verify, login, logout, reset, plus the captcha and change-password. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { service, legal }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.get(
    '/api/auth/captcha',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A new arithmetic captcha for registration (single use, 10 minutes)',
        response: { 200: successEnvelope(CaptchaSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.captcha());
    },
  );

  api.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Create an unverified account and mail a 6-digit code and a link; `consents` names the user agreement and personal-data consent versions shown (400 without them, 409 when one is no longer in force)',
        body: RegisterBody,
        response: { 201: successEnvelope(RegisterResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      // Checked before the captcha is spent: a form that showed an old text can try again as it is.
      const consents = await legal.checkConsents(request.body.consents, REGISTRATION_CONSENTS);
      const data = await service.register(request.body, ctx, (tx, userId) =>
        legal.record(tx, consents, { userId }, { ...ctx, source: 'registration' }),
      );
      return reply.code(201).send(ok(data, serverMessage('registered', ctx.lang)));
    },
  );

  api.get(
    '/api/auth/verify-email/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The emailed link: verifies nothing, redirects to the page with the "Confirm email" button',
        params: z.object({ token: z.string().max(200) }),
        response: { 302: z.null().describe('Redirect to /auth/verify-link#token=…') },
      },
    },
    async (request, reply) => {
      // Mail scanners and previews GET every link they see: a GET that verified would burn the link
      // (or sign the scanner in). The token goes on in the fragment, which never reaches a server log.
      const { token } = request.params;
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return reply.redirect(
        LINK_TOKEN_RE.test(token) ? `/auth/verify-link#token=${token}` : '/auth?verify=invalid',
        302,
      );
    },
  );

  api.post(
    '/api/auth/verify-email/link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The confirm page’s one click: verifies with the emailed link’s token and signs in',
        body: VerifyLinkBody,
        response: { 200: successEnvelope(AuthResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      reply.header('Cache-Control', 'no-store');
      const result = await service.verifyLink(request.body.token, ctx);
      return ok(result, serverMessage('emailVerified', ctx.lang));
    },
  );

  api.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify with the 6-digit code; signs in',
        body: VerifyEmailBody,
        response: { 200: successEnvelope(AuthResultSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      const result = await service.verifyCode(request.body.email, request.body.code, ctx);
      return ok(result, serverMessage('emailVerified', ctx.lang));
    },
  );

  api.post(
    '/api/auth/resend-verification',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a new code (same answer for unknown addresses; one per 60 s per address)',
        body: ResendVerificationBody,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      await service.resendVerification(request.body.email, ctx);
      return ok(null, serverMessage('codeResent', ctx.lang));
    },
  );

  api.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with email and password; 403 EMAIL_NOT_VERIFIED for an unverified address',
        body: LoginBody,
        response: { 200: successEnvelope(AuthResultSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      return ok(await service.login(request.body, ctx), serverMessage('loggedIn', ctx.lang));
    },
  );

  api.post(
    '/api/auth/logout',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Revoke this session’s token', response: { 200: MessageOnly, 401: ErrorBodySchema } },
    },
    async (request) => {
      await service.logout(requireUser(request));
      return ok(null, serverMessage('loggedOut', requestLanguage(request)));
    },
  );

  api.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: successEnvelope(UserResultSchema), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ user: service.me(requireUser(request)) });
    },
  );

  api.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a reset link valid 1 hour (same answer whether or not the address exists)',
        body: ForgotPasswordBody,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      await service.forgotPassword(request.body.email, ctx);
      return ok(null, serverMessage('resetLinkSent', ctx.lang));
    },
  );

  api.post(
    '/api/auth/reset-password/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the emailed link; ends every session',
        params: EmailTokenParamSchema,
        body: ResetPasswordBody,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      await service.resetPassword(request.params.token, request.body.password, ctx);
      return ok(null, serverMessage('passwordResetDone', ctx.lang));
    },
  );

  api.post(
    '/api/auth/change-password',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the password (current one required); ends the other sessions',
        body: ChangePasswordBody,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request) => {
      const ctx = context(request);
      await service.changePassword(requireUser(request), request.body, ctx);
      return ok(null, serverMessage('passwordChanged', ctx.lang));
    },
  );
};
