import {
  CertificateCodeParamSchema,
  CertificatePdfQuerySchema,
  CertificateSchema,
  CertificateVerificationSchema,
  ErrorBodySchema,
  successEnvelope,
} from '@atelier/shared';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
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
  const tags = ['certificates'];

  api.get(
    '/api/certificates/:code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Checks a certificate by its code: the learner’s name, the course and the date of issue',
        description:
          'Codes are case-insensitive; a malformed code is a 400, an unknown one a 404. A revoked certificate ' +
          '(its course order was cancelled or refunded) answers `valid: false` with `revokedAt`.',
        params: CertificateCodeParamSchema,
        response: {
          200: successEnvelope(CertificateVerificationSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ok(await service.verify(request.params.code)),
  );

  api.get(
    '/api/training/certificates',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in learner’s certificates, oldest first',
        response: { 200: successEnvelope(z.array(CertificateSchema)), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.listOwn(requireUser(request).id)),
  );

  api.get(
    '/api/training/certificates/:code/pdf',
    {
      config: { access: 'user' },
      compress: false,
      schema: {
        tags,
        summary: 'The certificate as a PDF (its owner or an admin), in its language or in `lang`',
        params: CertificateCodeParamSchema,
        description:
          'application/pdf; someone else’s certificate → 403, an unknown code → 404, a revoked one → 410 `CERTIFICATE_REVOKED`.',
        querystring: CertificatePdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await service.pdf(requireUser(request), request.params.code, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );

  seo.register('/certificate/:code', (params, _query, lang) => service.pageSeo(params.code, lang));
};
