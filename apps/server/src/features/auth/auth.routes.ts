import { REGISTRATION_CONSENTS, serverMessage } from '@atelier/shared';
import { authContract as contract } from '@atelier/shared/auth.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { LegalService } from '../legal/legal.service';
import type { AuthService, RequestContext } from './auth.service';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Registration needs the user agreement and the personal-data consent, recorded with the account. */
  legal: LegalService;
}

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

  route(api, contract.captcha, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.captcha());
  });

  route(api, contract.register, async (request, reply) => {
    const ctx = context(request);
    // Checked before the captcha is spent: a form that showed an old text can try again as it is.
    const consents = await legal.checkConsents(request.body.consents, REGISTRATION_CONSENTS);
    const data = await service.register(request.body, ctx, (tx, userId) =>
      legal.record(tx, consents, { userId }, { ...ctx, source: 'registration' }),
    );
    return reply.code(201).send(ok(data, serverMessage('registered', ctx.lang)));
  });

  route(api, contract.getVerifyEmail, async (request, reply) => {
    // Mail scanners and previews GET every link they see: a GET that verified would burn the link
    // (or sign the scanner in). The token goes on in the fragment, which never reaches a server log.
    const { token } = request.params;
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return reply.redirect(LINK_TOKEN_RE.test(token) ? `/auth/verify-link#token=${token}` : '/auth?verify=invalid', 302);
  });

  route(api, contract.verifyEmailLink, async (request, reply) => {
    const ctx = context(request);
    reply.header('Cache-Control', 'no-store');
    const result = await service.verifyLink(request.body.token, ctx);
    return ok(result, serverMessage('emailVerified', ctx.lang));
  });

  route(api, contract.createVerifyEmail, async (request) => {
    const ctx = context(request);
    const result = await service.verifyCode(request.body.email, request.body.code, ctx);
    return ok(result, serverMessage('emailVerified', ctx.lang));
  });

  route(api, contract.resendVerification, async (request) => {
    const ctx = context(request);
    await service.resendVerification(request.body.email, ctx);
    return ok(null, serverMessage('codeResent', ctx.lang));
  });

  route(api, contract.login, async (request) => {
    const ctx = context(request);
    return ok(await service.login(request.body, ctx), serverMessage('loggedIn', ctx.lang));
  });

  route(api, contract.logout, async (request) => {
    await service.logout(requireUser(request));
    return ok(null, serverMessage('loggedOut', requestLanguage(request)));
  });

  route(api, contract.me, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ user: service.me(requireUser(request)) });
  });

  route(api, contract.forgotPassword, async (request) => {
    const ctx = context(request);
    await service.forgotPassword(request.body.email, ctx);
    return ok(null, serverMessage('resetLinkSent', ctx.lang));
  });

  route(api, contract.resetPassword, async (request) => {
    const ctx = context(request);
    await service.resetPassword(request.params.token, request.body.password, ctx);
    return ok(null, serverMessage('passwordResetDone', ctx.lang));
  });

  route(api, contract.changePassword, async (request) => {
    const ctx = context(request);
    await service.changePassword(requireUser(request), request.body, ctx);
    return ok(null, serverMessage('passwordChanged', ctx.lang));
  });
};
