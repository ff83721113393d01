/** The age gate's rules (storefront.md §2, §4). */

/** Local storage key of the persistent "21 or older" flag. */
export const AGE_VERIFIED_KEY = 'ageVerified';

/** Where 'I'm under 21' sends the browser: away from the shop, to a search engine (§4). */
export const UNDER_AGE_REDIRECT = 'https://www.google.com/';

/** The gate fades in after this delay (§2). */
export const AGE_GATE_DELAY_MS = 100;
