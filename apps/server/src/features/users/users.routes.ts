import { CONSENT_KINDS, serverMessage } from '@atelier/shared';
import { usersContract as contract } from '@atelier/shared/users.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { LegalService } from '../legal/legal.service';
import type { UsersService } from './users.service';

/** `GET|PUT /user/profile`, plus the data export and account deletion. */
export interface UsersRoutesOptions {
  service: UsersService;
  /** The marketing opt-in and the account's deletion are recorded as consents; the export lists them. */
  legal: LegalService;
}

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { service, legal }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.listUserProfile, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ user: service.profile(requireUser(request)) });
  });

  route(api, contract.putUserProfile, async (request) => {
    const user = await service.updateProfile(requireUser(request), request.body);
    return ok({ user }, serverMessage('profileUpdated', requestLanguage(request)));
  });

  route(api, contract.userMarketingConsent, async (request) => {
    const current = requireUser(request);
    const context = { ...clientContext(request), language: requestLanguage(request) };
    const alsoRecord = await legal.marketingChange(current.id, request.body, context);
    const user = await service.setMarketingConsent(current, request.body.consent, alsoRecord);
    const message = user.marketingConsent ? 'marketingConsentOn' : 'marketingConsentOff';
    return ok({ user }, serverMessage(message, requestLanguage(request)));
  });

  route(api, contract.userExport, async (request, reply) => {
    const user = requireUser(request);
    const data = { ...(await service.exportData(user)), consents: await legal.ofUser(user.id) };
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="atelier-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  route(api, contract.userAccount, async (request) => {
    const user = requireUser(request);
    await service.deleteAccount(user, request.body.password, (tx) =>
      legal.withdraw(tx, user.id, CONSENT_KINDS, { ...clientContext(request), source: 'account_deletion' }),
    );
    return ok(null, serverMessage('accountDeleted', requestLanguage(request)));
  });
};
