/**
 * D34: proof of age at the door. The driver records the kind of ID, the date of birth printed on
 * it and the last 4 characters of its number, never the whole number, and collects the cash. An
 * order is handed over only to a recipient who is SITE.minimumAge or older on the New York date of
 * the delivery.
 *
 * Pure: the island checks a form with it before sending, and the server decides with it again.
 */
import { ID_TYPES, type IdType } from '../../db/delivery-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { SITE } from '../site/settings.ts';

export { ID_TYPES, type IdType };

/** How the door form and the records name each kind of ID. */
export const ID_TYPE_LABELS: Record<IdType, string> = {
  drivers_license: "Driver's license",
  state_id: 'State ID card',
  passport: 'Passport',
  military_id: 'Military ID',
};

/** How many characters of the ID number are recorded. */
export const ID_LAST_CHARACTERS = 4;
/** Exactly the last 4 characters of an ID number: letters or digits, nothing more. */
export const ID_LAST4_PATTERN = /^[A-Za-z0-9]{4}$/;

export const isIdLast4 = (text: string): boolean => ID_LAST4_PATTERN.test(text);

/** The refusal of an under-age recipient, on the date of birth. */
export const UNDER_AGE_MESSAGE = `The recipient must be ${SITE.minimumAge} or older today. Do not hand over the order.`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Whole years from `birth` to `on` (both 'YYYY-MM-DD', New York dates): a birthday counts from
 * its first moment, so a person turns 21 on their 21st birthday itself. Someone born on Feb 29
 * has their birthday on Mar 1 in a year without Feb 29 (the day after Feb 28, when the year they
 * were born in has fully passed again).
 */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = parts(birth);
  const [y, m, d] = parts(on);
  const leapDay = bm === 2 && bd === 29;
  const birthday = leapDay && !isLeapYear(y) ? 301 : bm * 100 + bd;
  return y - by - (m * 100 + d < birthday ? 1 : 0);
}

/** True when someone born on `birth` is SITE.minimumAge or older on `on`. */
export function isOfAge(birth: string, on: string, minimumAge: number = SITE.minimumAge): boolean {
  return ageOn(birth, on) >= minimumAge;
}

/** The refusal of cash short of the order total, naming the total; null when enough was collected. */
export function cashRefusal(collectedCents: number, totalCents: number): string | null {
  if (collectedCents >= totalCents) return null;
  return `Collect at least the order total of ${formatMoney(totalCents)} before handing over the order.`;
}

/**
 * What stops a hand-over once the form itself is valid: an under-age recipient (on dateOfBirth)
 * or cash short of the total (on cashCollected). Empty when the order may be handed over.
 */
export function doorRefusals(
  check: { dateOfBirth: string; cashCollected: number },
  totalCents: number,
  today: string,
): Partial<Record<'dateOfBirth' | 'cashCollected', string>> {
  const cash = cashRefusal(check.cashCollected, totalCents);
  return {
    ...(isOfAge(check.dateOfBirth, today) ? {} : { dateOfBirth: UNDER_AGE_MESSAGE }),
    ...(cash ? { cashCollected: cash } : {}),
  };
}
