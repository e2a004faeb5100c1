import type { certificatesContract } from '@atelier/shared/certificates.contract';
import { certificatesRouteTable } from '@atelier/shared/certificates.routes';
import { endpoints } from '../endpoints';

export const certificatesApi = endpoints<typeof certificatesContract>(certificatesRouteTable);
