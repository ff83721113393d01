/** Checkout and order calls (storefront.md §7), for islands; their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { CheckoutPayload } from '../checkout/checkout.schema.ts';

export const ordersApi = {
  checkout: (json: CheckoutPayload, idempotencyKey: string) =>
    call(api.checkout.$post({ json, header: { 'idempotency-key': idempotencyKey } })),
  order: (ref: string) => call(api.orders[':ref'].$get({ param: { ref } })),
  tracking: (ref: string) => call(api.orders[':ref'].tracking.$get({ param: { ref } })),
};
