/**
 * Checkout's words and rules the page needs before any validation runs: the form checks its fields
 * with checkout.schema.ts, which brings valibot and so is fetched only when the shopper fills the
 * form in or submits it.
 */

/** D36: said when Place Order is pressed with no delivery window chosen (and by the schema). */
export const CHOOSE_WINDOW_MESSAGE = 'Please choose a delivery window';
