/**
 * D34: proof of age at the door. The driver records the kind of ID, the date of birth printed on
 * it and the last 4 characters of its number, never the whole number, and collects the cash. An
 * order is handed over only to a recipient who is SITE.minimumAge or older on the New York date of
 * the delivery.
 *
 * Pure: the island checks a form with it before sending, and the server decides with it again.
 */
import { ID_TYPES, type IdType } from '../../db/delivery-values.ts';
import type { LimitScope } from '../../db/state-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { addUsage, KIND_LABELS, type PurchaseLimit, type Usage } from '../compliance/limits.ts';
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

/**
 * D39: a day's limits at the door, by ID. What the recipient's ID (its type, date of birth and
 * last 4) was already handed today in the order's state, with this order added, against the
 * state's purchase limits. Where the state counts limits per order, only this order counts
 * (checkout already held it to them; the limits may have changed since).
 */
export interface DoorLimits {
  /** The state's name, as the sentence says it ('Maryland'). */
  stateName: string;
  scope: LimitScope;
  limits: readonly Pick<PurchaseLimit, 'kind' | 'limitAmount' | 'unit'>[];
}

/** 28 g, 42.52 g, 3.5 g: what the limits say, to the hundredth, as the law writes it. */
const amountText = (n: number, unit: 'g' | 'mg') => `${Math.round(n * 100) / 100} ${unit}`;

/** Everything past this is over a limit: sums of limit columns carry float dust (as migration 0021's trigger allows). */
const LIMIT_TOLERANCE = 0.0005;

/**
 * The refusal of a handover that passes one of the state's limits, naming each kind over, what
 * this ID was already handed today, this order and the limit; null when every kind is within.
 */
export function doorLimitRefusal(handedToday: Usage, order: Usage, law: DoorLimits): string | null {
  const perDay = law.scope === 'day';
  const total = perDay ? addUsage(handedToday, order) : order;
  const over = law.limits.filter((l) => total[l.kind] > l.limitAmount + LIMIT_TOLERANCE);
  if (over.length === 0) return null;
  const clauses = over.map((l) => {
    const label = KIND_LABELS[l.kind];
    const limit = amountText(l.limitAmount, l.unit);
    return perDay
      ? `${amountText(handedToday[l.kind], l.unit)} of ${label} already handed to this ID today and ${amountText(order[l.kind], l.unit)} in this order make ${amountText(total[l.kind], l.unit)}, over the limit of ${limit}`
      : `this order holds ${amountText(order[l.kind], l.unit)} of ${label}, over the limit of ${limit}`;
  });
  const head = perDay
    ? `This ID is over ${law.stateName}'s limits per person a day`
    : `This order is over ${law.stateName}'s limits per order`;
  return `${head}: ${clauses.join('; ')}. Do not hand over the order.`;
}

/**
 * D39: the registry card at the door, in a patients-only state. The driver reads the last 4
 * characters of the card's number and its expiry date off the card and confirms the name on it;
 * the server holds them to what the shopper gave at checkout. The whole number is never entered.
 */
export interface RegistryCard {
  last4: string;
  expiresOn: string;
  nameMatches: boolean;
}

/** What the order holds of the shopper's registration (orders.patientId, orders.patientExpiresOn). */
export interface OrderPatient {
  patientId: string | null;
  patientExpiresOn: string | null;
}

export type RegistryField = 'registry.last4' | 'registry.expiresOn' | 'registry.nameMatches';

export const REGISTRY_MESSAGES = {
  missing: 'This order is for a registered patient. Check the registry card before handing over the order.',
  last4: `Enter the last ${ID_LAST_CHARACTERS} characters of the registry card number`,
  expiresOn: 'Enter the expiry date on the registry card',
  nameMatches: 'Confirm that the name on the registry card matches the order, or do not hand over the order.',
  wrongNumber: 'The registry card number does not match the one given with the order. Do not hand over the order.',
  expired: 'The registry card has expired. Do not hand over the order.',
  wrongExpiry: 'The expiry date on the registry card does not match the one given with the order. Do not hand over the order.',
} as const;

/**
 * The last 4 letters or digits of a registry number as the shopper typed it: dashes are how a
 * number is printed, not part of it ('DC-0012-3456' -> '3456').
 */
export const registryLast4Of = (patientId: string): string =>
  patientId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-ID_LAST_CHARACTERS)
    .toUpperCase();

/**
 * What stops a handover in a patients-only state, by field, on the New York date `today`: no card
 * checked, a card expired, or a name not confirmed; and, when the order's registration is given
 * (the server), a number or expiry that is not the one given at checkout. Empty when it may go.
 */
export function registryRefusals(
  card: RegistryCard | undefined,
  today: string,
  patient?: OrderPatient,
): Partial<Record<RegistryField, string>> {
  if (!card) {
    return {
      'registry.last4': REGISTRY_MESSAGES.last4,
      'registry.expiresOn': REGISTRY_MESSAGES.expiresOn,
      'registry.nameMatches': REGISTRY_MESSAGES.nameMatches,
    };
  }
  const refusals: Partial<Record<RegistryField, string>> = {};
  if (patient && (patient.patientId == null || registryLast4Of(patient.patientId) !== card.last4.toUpperCase())) {
    refusals['registry.last4'] = REGISTRY_MESSAGES.wrongNumber;
  }
  if (card.expiresOn < today) refusals['registry.expiresOn'] = REGISTRY_MESSAGES.expired;
  else if (patient && card.expiresOn !== patient.patientExpiresOn) refusals['registry.expiresOn'] = REGISTRY_MESSAGES.wrongExpiry;
  if (!card.nameMatches) refusals['registry.nameMatches'] = REGISTRY_MESSAGES.nameMatches;
  return refusals;
}
