import { certificatesContract as contract } from '@atelier/shared/certificates.contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { SeoRegistry } from '../../platform/http/seo';
import type { CertificatesService } from './certificates.service';

/**
 * The public check of a certificate by its code (and the verification page's head), the learner's
 * own certificates, and the PDF for its owner or an admin.
 */
export const certificatesRoutes: FastifyPluginAsync<{ service: CertificatesService; seo: SeoRegistry }> = async (
  app,
  { service, seo },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.get, async (request) => ok(await service.verify(request.params.code)));

  route(api, contract.trainingCertificates, async (request) => ok(await service.listOwn(requireUser(request).id)));

  route(
    api,
    contract.trainingCertificatesPdf,
    async (request, reply) => {
      const { bytes, filename } = await service.pdf(requireUser(request), request.params.code, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
    { compress: false },
  );

  seo.register('/certificate/:code', (params, _query, lang) => service.pageSeo(params.code, lang));
};
