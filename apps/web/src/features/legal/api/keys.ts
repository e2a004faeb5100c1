import { legalKeys } from '../../../shared/legal/keys';

/** The owner's legal screens, under the `legal` prefix of the public texts (shared/legal/keys.ts). */
export const legalAdminKeys = {
  versions: () => [...legalKeys.all, 'admin', 'versions'] as const,
  consents: (filter: object) => [...legalKeys.all, 'admin', 'consents', filter] as const,
};
