import type { Language, SalesPeriod } from '@atelier/shared';
import type { MailPreviewKind } from '@atelier/shared/mail-previews.constants';
import { adminScope } from '../../../shared/api/query-keys';

/**
 * The owner's dashboard and screens, under the shared `admin` prefix (see shared/api/query-keys.ts)
 * that the other features' admin edits invalidate whole.
 */
export const adminKeys = {
  stats: () => [...adminScope.all, 'stats'] as const,
  needsAction: () => [...adminScope.all, 'needs-action'] as const,
  sales: (period: SalesPeriod) => [...adminScope.all, 'sales', period] as const,
  notifications: () => [...adminScope.all, 'notifications'] as const,
  jobs: () => [...adminScope.all, 'jobs'] as const,
  users: (params: object) => [...adminScope.all, 'users', params] as const,
  mailPreview: (kind: MailPreviewKind, lang: Language) => [...adminScope.all, 'mail-previews', kind, lang] as const,
};
