import type { giftCertificatesContract } from '@atelier/shared/gift-certificates.contract';
import { giftCertificatesRouteTable } from '@atelier/shared/gift-certificates.routes';
import { endpoints } from '../endpoints';

export const giftCertificatesApi = endpoints<typeof giftCertificatesContract>(giftCertificatesRouteTable);
