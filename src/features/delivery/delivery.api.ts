/** Delivery calls for islands; their types come from the routes. */
import { ApiError, api, call } from '../../lib/api.ts';
import { PARTS_OF_DAY } from './day-parts.ts';
import { $deliveryQuote } from './delivery.store.ts';
import type { BookableWindow } from './windows.ts';
import type { DeliveryQuote } from './zones.ts';

const deliveryApi = {
  /** GET /api/delivery/quote?zip=: the zone's fee, minimum and free-from threshold and its state's rules, or a plain no. */
  quote: (zip: string) => call(api.delivery.quote.$get({ query: { zip } })),
  /** GET /api/delivery/windows?zip=: the windows a shopper there can book now (D36), or a plain no. */
  windows: (zip: string) => call(api.delivery.windows.$get({ query: { zip } })),
};

/** What the windows call answers. */
export type WindowsAnswer = Awaited<ReturnType<typeof deliveryApi.windows>>;

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

/** The delivery windows open to `zip` now. Throws (an ApiError) when no answer came. */
export function loadWindows(zip: string): Promise<WindowsAnswer> {
  return deliveryApi.windows(zip);
}

function isBookableWindow(w: unknown): w is BookableWindow {
  if (!w || typeof w !== 'object') return false;
  const o = w as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    typeof o.date === 'string' &&
    typeof o.start === 'number' &&
    typeof o.end === 'number' &&
    typeof o.placesLeft === 'number' &&
    typeof o.label === 'string' &&
    typeof o.dayLabel === 'string' &&
    PARTS_OF_DAY.some((p) => p === o.part)
  );
}

/**
 * The open windows a refused checkout offers instead (D36: a window that filled up or closed), or
 * null when the refusal is about something else.
 */
export function offeredWindows(err: unknown): BookableWindow[] | null {
  if (!(err instanceof ApiError) || !err.windows) return null;
  return err.windows.filter(isBookableWindow);
}
