/** Delivery calls for islands; their types come from the routes. */
import { api, call } from '../../lib/api.ts';
import { $deliveryQuote } from './delivery.store.ts';
import type { DeliveryQuote } from './zones.ts';

const deliveryApi = {
  /** GET /api/delivery/quote?zip=: the zone's fee, minimum and free-from threshold, or a plain no. */
  quote: (zip: string) => call(api.delivery.quote.$get({ query: { zip } })),
};

let latest = 0;

/**
 * Asks the API about `zip` and keeps the answer for the cart and checkout. Only the latest
 * question's answer is kept, so a slow answer for a ZIP typed earlier cannot replace the current
 * one. Throws (an ApiError) when no answer came.
 */
export async function checkZip(zip: string): Promise<DeliveryQuote> {
  const asked = ++latest;
  const quote = await deliveryApi.quote(zip);
  if (asked === latest) $deliveryQuote.set(quote);
  return quote;
}
