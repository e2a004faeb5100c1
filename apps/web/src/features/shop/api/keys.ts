import type { Currency } from '@atelier/shared';

export const shopKeys = {
  all: ['shop'] as const,
  /** One page of the catalogue for its filters (`ShopParams`). */
  list: (params: object) => [...shopKeys.all, 'list', params] as const,
  featured: (currency: Currency) => [...shopKeys.all, 'featured', currency] as const,
  product: (id: string) => [...shopKeys.all, 'product', id] as const,
  admin: (params: object) => [...shopKeys.all, 'admin', params] as const,
};
