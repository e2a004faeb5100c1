/** The shop's delivery settings (shared: the cart, the checkout and the admin read them). */
export const deliveryKeys = {
  all: ['delivery'] as const,
  settings: () => [...deliveryKeys.all, 'settings'] as const,
};
