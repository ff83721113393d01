/**
 * The door's inputs (D30, D34, D39), shared by the driver's forms and the server: the ID check,
 * registry card and cash of a delivery, the ID alone for the warning before it, and the reason a
 * delivery failed. Money is integer cents (D1).
 */
import * as v from 'valibot';
import { isDate, nyDate } from '../delivery/windows.ts';
import { ORDER_REF_PATTERN } from '../orders/orders.ts';
import { ID_LAST_CHARACTERS, ID_LAST4_PATTERN, ID_TYPES } from './proof.ts';

/** The most cash one delivery records, in cents: far above any order, low enough to catch a slip. */
export const MAX_CASH_CENTS = 10_000_000;
/** The earliest birth year the form takes: anything before is a typing slip. */
const EARLIEST_BIRTH = '1900-01-01';

export const FAILURE_REASON = { min: 3, max: 300 } as const;

/** The ID as the door reads it (D34): its kind, the date of birth printed on it and the last 4 of its number. */
const idFields = {
  idType: v.picklist(ID_TYPES, 'Choose the type of ID'),
  dateOfBirth: v.pipe(
    v.string('Enter the date of birth on the ID'),
    v.trim(),
    v.nonEmpty('Enter the date of birth on the ID'),
    v.check(isDate, 'Enter the date of birth as a real date (YYYY-MM-DD)'),
    v.check((d) => d >= EARLIEST_BIRTH, 'Enter the date of birth as printed on the ID'),
    // Today in New York, when the form is checked: the door and the server agree on the date.
    v.check((d) => d <= nyDate(Date.now()), 'The date of birth cannot be in the future'),
  ),
  // A longer value is refused rather than cut down, so a whole ID number is never stored or kept.
  idLast4: lastCharacters('ID number'),
};

/** Exactly the last 4 letters or digits of a number (an ID's, a registry card's), kept in capitals. */
function lastCharacters(what: string) {
  return v.pipe(
    v.string(`Enter the last ${ID_LAST_CHARACTERS} characters of the ${what}`),
    v.trim(),
    v.nonEmpty(`Enter the last ${ID_LAST_CHARACTERS} characters of the ${what}`),
    v.maxLength(ID_LAST_CHARACTERS, `Enter only the last ${ID_LAST_CHARACTERS} characters of the ${what}, never the whole number`),
    v.regex(ID_LAST4_PATTERN, `Enter exactly the last ${ID_LAST_CHARACTERS} letters or digits of the ${what}`),
    v.toUpperCase(),
  );
}

/**
 * D39: the registry card of a patients-only state's order, as the driver reads it: the last 4 of
 * its number (never the whole number), its expiry date, and whether the name on it matches the
 * order. Whether an order needs it is the server's to say (from the state's row).
 */
export const RegistryCardInput = v.strictObject({
  last4: lastCharacters('registry card number'),
  expiresOn: v.pipe(
    v.string('Enter the expiry date on the registry card'),
    v.trim(),
    v.nonEmpty('Enter the expiry date on the registry card'),
    v.check(isDate, 'Enter the expiry date as a real date (YYYY-MM-DD)'),
  ),
  // Left out, the name was not confirmed: the door refuses it as an unticked box.
  nameMatches: v.optional(v.boolean('Say whether the name on the registry card matches the order'), false),
});

export const DeliveryCheck = v.strictObject({
  ...idFields,
  cashCollected: v.pipe(
    v.number('Enter the cash collected'),
    v.integer('Enter the cash collected in whole cents'),
    v.minValue(0, 'The cash collected cannot be negative'),
    v.maxValue(MAX_CASH_CENTS, 'The cash collected is too large'),
  ),
  registry: v.optional(RegistryCardInput),
});
export type DeliveryCheck = v.InferOutput<typeof DeliveryCheck>;

/** D39: the ID alone, for the warning the door shows before the handover (POST .../:ref/id-check). */
export const IdCheck = v.strictObject(idFields);
export type IdCheck = v.InferOutput<typeof IdCheck>;

export const DeliveryFailure = v.strictObject({
  reason: v.pipe(
    v.string('Say why the order could not be delivered'),
    v.trim(),
    v.nonEmpty('Say why the order could not be delivered'),
    v.minLength(FAILURE_REASON.min, `The reason must be at least ${FAILURE_REASON.min} characters`),
    v.maxLength(FAILURE_REASON.max, `The reason must be at most ${FAILURE_REASON.max} characters`),
  ),
});
export type DeliveryFailure = v.InferOutput<typeof DeliveryFailure>;

/** The order a door move names in its path. */
export const DoorRef = v.object({ ref: v.pipe(v.string(), v.regex(ORDER_REF_PATTERN, 'That is not an order reference')) });
