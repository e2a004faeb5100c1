import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import {
  CertificateCodeParamSchema,
  CertificatePdfQuerySchema,
  CertificateSchema,
  CertificateVerificationSchema,
} from './certificates';
import { certificatesRouteTable } from './certificates.routes';
import { defineContract } from './contract';

export const certificatesContract = defineContract('certificates', certificatesRouteTable, {
  get: {
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
  trainingCertificates: {
    summary: 'The signed-in learner’s certificates, oldest first',
    response: { 200: successEnvelope(z.array(CertificateSchema)), 401: ErrorBodySchema },
  },
  trainingCertificatesPdf: {
    summary: 'The certificate as a PDF (its owner or an admin), in its language or in `lang`',
    params: CertificateCodeParamSchema,
    description:
      'application/pdf; someone else’s certificate → 403, an unknown code → 404, a revoked one → 410 `CERTIFICATE_REVOKED`.',
    query: CertificatePdfQuerySchema,
  },
});
