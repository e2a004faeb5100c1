export const authKeys = {
  captcha: () => ['auth', 'captcha'] as const,
};
