export const reviewKeys = {
  all: ['reviews'] as const,
  approved: () => [...reviewKeys.all, 'approved'] as const,
  /** The user's own reviews (the user in the key: another account never reads them). */
  mine: (userId: string) => [...reviewKeys.all, 'mine', userId] as const,
  admin: (params: object) => [...reviewKeys.all, 'admin', params] as const,
};
