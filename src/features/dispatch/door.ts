/**
 * D30: the moves at the door, as rules. An assigned order goes out for delivery; an order out is
 * delivered (after the ID check, D34) or fails; an assigned order may also fail before it leaves.
 * A failed delivery cancels the order. Pure, so the driver's page offers only the moves the server
 * will take, and the server refuses the rest with the same sentences.
 */

import type { DeliveryState, DoorRefusal } from '../../db/delivery-values.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import type { Usage } from '../compliance/limits.ts';
import {
  cashRefusal,
  type DoorLimits,
  doorLimitRefusal,
  isOfAge,
  type OrderPatient,
  REGISTRY_MESSAGES,
  type RegistryCard,
  registryRefusals,
  UNDER_AGE_MESSAGE,
} from './proof.ts';
import type { DriverRun } from './runs.ts';

export const DOOR_MOVES = ['out', 'delivered', 'failed'] as const;
export type DoorMove = (typeof DOOR_MOVES)[number];

/** What a door move needs to know of an order, and what the driver's page shows of it. */
export interface DoorOrder {
  ref: string;
  status: OrderStatus;
  deliveryStatus: DeliveryState;
  /** Cash to collect, in cents. */
  total: number;
}

/** The delivery states each move starts from. */
const FROM: Record<DoorMove, readonly DeliveryState[]> = {
  out: ['assigned'],
  delivered: ['out'],
  failed: ['assigned', 'out'],
};

/** Order statuses no door move leaves: the order is finished. */
const FINISHED: readonly OrderStatus[] = ['delivered', 'cancelled'];
/** The order statuses an order goes out for delivery from: placed or confirmed. */
const OUT_FROM: readonly OrderStatus[] = ['processing', 'confirmed'];

const STATE_SENTENCE: Record<DeliveryState, string> = {
  unassigned: 'This order has no driver yet. Assign one in Deliveries first.',
  assigned: 'This order has not gone out for delivery yet. Mark it out for delivery first.',
  out: 'This order is already out for delivery.',
  delivered: 'This order has already been delivered.',
  failed: 'This delivery has already been marked as not delivered.',
};

/**
 * Why `move` cannot be made on `order` now (the 409's sentence), or null when it can. The server
 * passes the order's driver; a caller that lists only assigned orders may leave it out.
 */
export function moveRefusal(
  move: DoorMove,
  order: Pick<DoorOrder, 'status' | 'deliveryStatus'> & { driverId?: number | null },
): string | null {
  if (!FROM[move].includes(order.deliveryStatus)) return STATE_SENTENCE[order.deliveryStatus];
  // Staff may have finished the order from Orders while its delivery still looked open.
  if (FINISHED.includes(order.status)) return `This order is already ${order.status}; there is no delivery left to record.`;
  if (move === 'out' && !OUT_FROM.includes(order.status)) {
    return `This order is marked ${order.status}; only a placed or confirmed order goes out for delivery.`;
  }
  if (order.driverId === null) return STATE_SENTENCE.unassigned;
  return null;
}

/** The moves the door offers for an order now, in the order the buttons show them. */
export function availableMoves(order: Pick<DoorOrder, 'status' | 'deliveryStatus'> & { driverId?: number | null }): DoorMove[] {
  return DOOR_MOVES.filter((m) => moveRefusal(m, order) == null);
}

/** How the door names a delivery state. */
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  unassigned: 'Not assigned',
  assigned: 'Assigned',
  out: 'Out for delivery',
  delivered: 'Delivered',
  failed: 'Not delivered',
};

/** A driver's first name, as the customer's history note names them ('Out for delivery with Sam'). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName.trim();
}

/** The history note of a move. */
export const outNote = (driverName: string) => `Out for delivery with ${firstName(driverName)}`;
export const failedNote = (reason: string) => `Delivery failed: ${reason}`;
export const DELIVERED_NOTE = 'Delivered after an ID check at the door';

/** One stop on a driver's day, as GET /api/driver/assignments lists it. */
export interface DriverStop extends DoorOrder {
  customer: { firstName: string; lastName: string; phone: string };
  address: { street: string; apartment: string; city: string; state: string; zip: string };
  instructions: string;
  items: { name: string; quantity: number }[];
  /** D39: the order's state sells only to registered patients today: the door checks the registry card too. */
  needsRegistryCard: boolean;
  /** The name the registry card must show: the order's 'First Last'. */
  patientName: string;
}

/** A window of the driver's day with its stops, in window order. */
export interface DriverWindow {
  /** Epoch ms. */
  start: number;
  end: number;
  /** 'Evening, 5:00 PM - 9:00 PM'. */
  label: string;
  stops: DriverStop[];
}

export interface DriverAssignments {
  /** Today in New York, 'YYYY-MM-DD'. */
  date: string;
  /** 'Thu, Nov 26'. */
  dayLabel: string;
  /** Why there is nothing to list (an account with no driver record); null otherwise. */
  message: string | null;
  windows: DriverWindow[];
  /** D40: the driver's runs today, each with the manifest it carries, by planned departure. */
  runs: DriverRun[];
}

/** What a staff account with no driver record is told. */
export const NO_DRIVER_RECORD = 'Your account is not linked to a driver yet. Ask a dispatcher to add you as a driver.';

/** The one-line address a map search and the stop card read. */
export function addressLine(a: DriverStop['address']): string {
  const street = a.apartment ? `${a.street}, ${a.apartment}` : a.street;
  return `${street}, ${a.city}, ${a.state} ${a.zip}`;
}

/** A map search for the address (Google Maps' documented search URL). */
export function mapLink(a: DriverStop['address']): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine(a))}`;
}

/** A `tel:` link for a US phone number typed in any shape ('(301) 555-0100' -> 'tel:+13015550100'). */
export function telLink(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith('1') ? `+${digits}` : digits}`;
}

/** What an order counts against the purchase limits (D39), from the columns checkout wrote. */
export const orderUsage = (o: { limitFlowerG: number; limitConcentrateG: number; limitEdibleThcMg: number }): Usage => ({
  flower: o.limitFlowerG,
  concentrate: o.limitConcentrateG,
  edible_thc: o.limitEdibleThcMg,
});

/**
 * D39: the law at the door for one order, read from its state's row and limits on the New York
 * date of the handover, with what the recipient's ID was already handed that day in the state.
 */
export interface DoorLaw extends DoorLimits {
  /** The state sells only to registered patients today. */
  patientsOnly: boolean;
  handedToday: Usage;
}

/** Why the door refused a handover: one of the recorded reasons (door_refusals), or cash short. */
export interface HandoverRefusal {
  reason: DoorRefusal | 'cash_short';
  message: string;
  /** The form's fields the refusal is about; none for a day's limit, which is about the ID as a whole. */
  fields: Record<string, string>;
}

/** What a handover is decided on: the order's total, what it counts against the limits, and its registration. */
export interface HandoverOrder extends OrderPatient {
  total: number;
  usage: Usage;
}

/**
 * The refusals the ID alone earns (D34, D39): under age on the New York date `today`, over the
 * state's limits with what the ID was already handed today. The driver's warning before the
 * handover is these.
 */
export function idRefusals(dateOfBirth: string, usage: Usage, law: DoorLaw | null, today: string): HandoverRefusal[] {
  const refusals: HandoverRefusal[] = [];
  if (!isOfAge(dateOfBirth, today)) {
    refusals.push({ reason: 'under_age', message: UNDER_AGE_MESSAGE, fields: { dateOfBirth: UNDER_AGE_MESSAGE } });
  }
  const overLimit = law ? doorLimitRefusal(law.handedToday, usage, law) : null;
  if (overLimit) refusals.push({ reason: 'daily_limit', message: overLimit, fields: {} });
  return refusals;
}

/**
 * Every refusal of a handover (D34, D39), the one the answer names first: under age, no valid
 * registry card in a patients-only state, over the limits, cash short. Empty when it may go.
 */
export function handoverRefusals(
  check: { dateOfBirth: string; cashCollected: number; registry?: RegistryCard | undefined },
  order: HandoverOrder,
  law: DoorLaw | null,
  today: string,
): HandoverRefusal[] {
  const byId = idRefusals(check.dateOfBirth, order.usage, law, today);
  const registry: HandoverRefusal[] = [];
  if (law?.patientsOnly) {
    const fields: Record<string, string> = registryRefusals(check.registry, today, order);
    const first = Object.values(fields)[0];
    if (first) registry.push({ reason: 'registry', message: check.registry ? first : REGISTRY_MESSAGES.missing, fields });
  }
  const cash = cashRefusal(check.cashCollected, order.total);
  return [
    ...byId.filter((r) => r.reason === 'under_age'),
    ...registry,
    ...byId.filter((r) => r.reason !== 'under_age'),
    ...(cash ? [{ reason: 'cash_short' as const, message: cash, fields: { cashCollected: cash } }] : []),
  ];
}
