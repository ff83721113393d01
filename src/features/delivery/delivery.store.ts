/**
 * The delivery quote for the shopper's ZIP (D31), persisted in local storage like the cart, so the
 * cart drawer prices delivery as the ZIP's zone does, and taxes as its state does (D38), once the
 * ZIP checker or checkout has learnt it. The server still decides at checkout; this only shows the
 * shopper what it will charge.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { TaxLine } from '../../db/state-values.ts';
import { type DeliveryQuote, quoteRule, readQuote } from './zones.ts';

export const $deliveryQuote = persistentAtom<DeliveryQuote | null>('deliveryQuote', null, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return readQuote(JSON.parse(raw));
    } catch {
      // JSON.parse throws only on text that is not JSON: a damaged entry is no quote.
      return null;
    }
  },
});

/** The delivery rule the cart and checkout price with: the known zone's, or D3's when none is known. */
export const $deliveryRule = computed($deliveryQuote, (quote) => (quote ? quoteRule(quote) : undefined));

const NO_TAXES: TaxLine[] = [];

/** The tax lines of the known state (D38); none until a deliverable quote names one. */
export const $deliveryTaxes = computed($deliveryQuote, (quote) => (quote?.deliverable ? quote.taxes : NO_TAXES));
