/** Header navigation: anchors on the home page plus the training and shop pages. */
export const NAV_ITEMS = [
  { key: 'about', to: '/#about' },
  { key: 'portfolio', to: '/#portfolio' },
  { key: 'training', to: '/training' },
  { key: 'shop', to: '/shop' },
  { key: 'contact', to: '/#contact' },
] as const;
