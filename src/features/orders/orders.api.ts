/** Checkout and order calls (storefront.md §7), for islands; their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import type { CheckoutPayload } from '../checkout/checkout.schema.ts';

/**
 * How often an open order's confirmation page asks for its tracking while the shopper looks at it.
 * Here rather than beside the tracking rules, so the island loads none of their date formatting.
 */
export const TRACKING_REFRESH_MS = 30_000;

export const ordersApi = {
  checkout: (json: CheckoutPayload, idempotencyKey: string) =>
    call(api.checkout.$post({ json, header: { 'idempotency-key': idempotencyKey } })),
  order: (ref: string) => call(api.orders[':ref'].$get({ param: { ref } })),
  tracking: (ref: string) => call(api.orders[':ref'].tracking.$get({ param: { ref } })),
};
