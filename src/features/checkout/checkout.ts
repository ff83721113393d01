/**
 * Checkout's words and rules the page needs before any validation runs: the form checks its fields
 * with checkout.schema.ts, which brings valibot and so is fetched only when the shopper fills the
 * form in or submits it.
 */

/** D36: said when Place Order is pressed with no delivery window chosen (and by the schema). */
export const CHOOSE_WINDOW_MESSAGE = 'Please choose a delivery window';

/**
 * D13: how long the server keeps a key's answer (idempotency_keys). A retry comes within the
 * checkout's own session (seconds to hours later: a double click, a dropped connection, a reload);
 * a week is far longer than any of those, and after it the record is deleted by the scheduled
 * housekeeping (docs/decisions/0024).
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
