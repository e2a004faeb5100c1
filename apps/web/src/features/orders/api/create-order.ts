import type { BookFormat, Currency, DeliveryMethod, OrderStatus, PaymentMethod } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** DESIGN §8 `POST /orders` body; prices are never sent, the server computes every total. */
export interface CreateOrderBody {
  items: { type: 'product' | 'lesson'; id: string; quantity: number; bookFormat?: BookFormat }[];
  customer: { firstName: string; lastName: string; email: string; phone: string };
  delivery: {
    method: DeliveryMethod;
    country?: string;
    city?: string;
    address?: string;
    postalCode?: string;
    pickupPoint?: string;
  };
  paymentMethod: PaymentMethod;
  currency: Currency;
  comment?: string;
  acceptTerms: true;
}

export interface OrderItem {
  type: 'product' | 'lesson';
  id: string;
  name?: string | { ru: string; en?: string; es?: string };
  quantity: number;
  price?: number;
  bookFormat?: BookFormat;
}

export interface Order {
  id: string;
  number: string | number;
  status: OrderStatus;
  items: OrderItem[];
  subtotal: number;
  deliveryCost: number;
  total: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  createdAt: string;
}

export async function createOrder(body: CreateOrderBody) {
  const { data, message } = await apiRequest<{ order: Order }>('/orders', { method: 'POST', body, silent: true });
  return { order: data.order, message };
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
