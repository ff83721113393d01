/**
 * The door's inputs (D30, D34), shared by the driver's forms and the server: the ID check and cash
 * of a delivery, and the reason a delivery failed. Money is integer cents (D1).
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

export const DeliveryCheck = v.strictObject({
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
  idLast4: v.pipe(
    v.string(`Enter the last ${ID_LAST_CHARACTERS} characters of the ID number`),
    v.trim(),
    v.nonEmpty(`Enter the last ${ID_LAST_CHARACTERS} characters of the ID number`),
    v.maxLength(ID_LAST_CHARACTERS, `Enter only the last ${ID_LAST_CHARACTERS} characters of the ID number, never the whole number`),
    v.regex(ID_LAST4_PATTERN, `Enter exactly the last ${ID_LAST_CHARACTERS} letters or digits of the ID number`),
    v.toUpperCase(),
  ),
  cashCollected: v.pipe(
    v.number('Enter the cash collected'),
    v.integer('Enter the cash collected in whole cents'),
    v.minValue(0, 'The cash collected cannot be negative'),
    v.maxValue(MAX_CASH_CENTS, 'The cash collected is too large'),
  ),
});
export type DeliveryCheck = v.InferOutput<typeof DeliveryCheck>;

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
