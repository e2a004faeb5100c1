export const landingKeys = {
  all: ['landing'] as const,
  /** Site-wide settings: hero texts, contacts, social links. */
  settings: () => [...landingKeys.all, 'settings'] as const,
  about: () => [...landingKeys.all, 'about'] as const,
};
