/**
 * What every staff screen shares besides its components: the sentence for a failed call, the
 * sign-in redirect rules, status words, and the admin's timings.
 */

import type { OrderStatus } from '../../db/order-values.ts';
import { ApiError } from '../../lib/api.ts';
import { formatNyTime } from '../../lib/ny-time.ts';
/** After a successful sign-in the admin reads the toast for this long before the page changes. */
export const LOGIN_REDIRECT_MS = 800;
/** Likewise after signing out. */
export const LOGOUT_REDIRECT_MS = 800;
/** The order search waits for a pause in typing before it asks the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 250;

/**
 * The sentence to show for a failed call: the server's own sentence when it sent one (including
 * the client's network-error sentence), otherwise the screen's fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  // 'http_error' is the client's code for a response without the API's error body.
  if (err.status === 0 || err.code !== 'http_error') return err.userMessage;
  return fallback;
}

/** The errors a failed save carries for the form's fields, or one under `form` for the whole form. */
export function callErrors(err: unknown, fallback: string): Record<string, string> {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) return err.fields;
  return { form: errorMessage(err, fallback) };
}

export const isUnauthorized = (err: unknown): boolean => err instanceof ApiError && err.status === 401;

/** Epoch ms as the admin screens show it: New York time with its zone named (EST or EDT). */
export { formatNyTime as formatDateTime };

export function statusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** 'order_confirmation' -> 'Order confirmation' (outbox kinds). */
export function humanize(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
