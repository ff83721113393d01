/** Checkout and order calls (storefront.md §7), for islands. */
import { apiFetch } from '../../lib/api.ts';
import type { CheckoutPayload } from '../checkout/checkout.schema.ts';
import type { OrderView } from './orders.ts';

export const ordersApi = {
  checkout: (payload: CheckoutPayload, idempotencyKey: string) =>
    apiFetch<{ success: true; orderId: string }>('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(payload),
    }),
  order: (ref: string) => apiFetch<OrderView>(`/api/orders/${encodeURIComponent(ref)}`),
};
