import { adminScope, userScope } from '../../../shared/api/query-keys';

export const giftCertificateKeys = {
  all: ['gift-certificates'] as const,
  /** Presets and limits per currency (the owner's settings change it). */
  offer: () => [...giftCertificateKeys.all, 'offer'] as const,
  /** The certificates the customer bought; under `user`, dropped when the account changes. */
  mine: () => [...userScope.all, 'gift-certificates'] as const,
  /** Under the shared `admin` prefix; covers the lists, each certificate and the settings. */
  admin: () => [...adminScope.all, 'gift-certificates'] as const,
  adminList: (params: object) => [...giftCertificateKeys.admin(), 'list', params] as const,
  adminOne: (id: string | null) => [...giftCertificateKeys.admin(), 'one', id] as const,
  adminSettings: () => [...giftCertificateKeys.admin(), 'settings'] as const,
};
