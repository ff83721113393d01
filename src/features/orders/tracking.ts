/**
 * What a shopper sees of their order's progress on /order-confirmation/{ref} (D14, D30): a
 * timeline of Placed, Confirmed, Out for delivery and Delivered, or a final Cancelled step, each
 * with the New York time it happened, and the booked delivery window.
 *
 * Pure: the server reads the order, its driver's name and its status history, and this module
 * decides. Of the driver the shopper learns the first name only; nothing of the ID check at the
 * door (D34) reaches this module.
 */
import type { DeliveryState } from '../../db/delivery-values.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import { formatNyTime } from '../../lib/ny-time.ts';
import { deliveryTimeText } from '../delivery/windows.ts';

/** A failed delivery cancels the order (D30) with a history note that starts with this. */
export const DELIVERY_FAILED_NOTE_PREFIX = 'Delivery failed: ';

/** The statuses in the words a shopper reads: "shipped" is "Out for delivery" (D30). */
export const SHOPPER_STATUS_LABELS: Record<OrderStatus, string> = {
  processing: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The steps of an order that goes well, in order. */
const FLOW = ['processing', 'confirmed', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

export type StepState = 'done' | 'current' | 'upcoming';

export interface TrackingStep {
  status: OrderStatus;
  label: string;
  state: StepState;
  /** When the order reached this step (epoch ms), for done and current steps when known. */
  at: number | null;
  /** `at` as a New York reader sees it, with the zone: 'Nov 1, 2026, 1:30 AM EDT'. */
  time: string | null;
  /** 'with Sam' on the way out; why the delivery failed on a cancellation that says. */
  detail: string | null;
}

/** The answer of GET /api/orders/{ref}/tracking. */
export interface Tracking {
  status: OrderStatus;
  /** Not delivered and not cancelled: the page keeps asking for news. */
  open: boolean;
  /** The booked window: 'Thu, Nov 26, Evening, 5:00 PM - 9:00 PM', or the older orders' 'ASAP (Within 1-2 hours)'. */
  window: string;
  /** One sentence on where the order is now, for the page's live status line. */
  summary: string;
  steps: TrackingStep[];
}

/** What the timeline needs of the order. */
export interface TrackedOrder {
  status: OrderStatus;
  deliveryStatus: DeliveryState;
  /** The booked window's instants (D36); null on orders placed before windows were data. */
  windowStart: number | null;
  windowEnd: number | null;
  /** The older orders' choice ('asap', 'morning' ...), used when there is no booked window. */
  deliveryTime: string;
  createdAt: number;
  /** The assigned driver's first name, or null. */
  driverFirstName: string | null;
  deliveryFailureReason: string | null;
}

/** One row of the order's status history (D17). */
export interface TrackedHistoryRow {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string;
  createdAt: number;
}

/** The first word of a driver's name: all a shopper learns of who brings their order. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * Why the delivery failed, when the order's cancellation was a failed delivery (its note says so,
 * or the delivery itself is marked failed); otherwise null. Other cancellation notes are staff's.
 */
function failureReason(cancel: TrackedHistoryRow | undefined, order: TrackedOrder): string | null {
  const recorded = order.deliveryFailureReason?.trim() || null;
  if (cancel?.note.startsWith(DELIVERY_FAILED_NOTE_PREFIX)) return cancel.note.slice(DELIVERY_FAILED_NOTE_PREFIX.length).trim() || recorded;
  return order.deliveryStatus === 'failed' ? recorded : null;
}

/** The last row that moved the order to `status` at or before `until`. */
function lastEntry(history: readonly TrackedHistoryRow[], status: OrderStatus, until = Number.POSITIVE_INFINITY) {
  return history.filter((h) => h.toStatus === status && h.createdAt <= until).at(-1);
}

const withTime = (at: number | null) => ({ at, time: at == null ? null : formatNyTime(at) });

function summaryOf(status: OrderStatus, driver: string | null, reason: string | null): string {
  switch (status) {
    case 'processing':
      return 'Your order is placed. We will confirm it shortly.';
    case 'confirmed':
      return 'Your order is confirmed. We will bring it in your delivery window.';
    case 'shipped':
      return driver ? `Your order is out for delivery with ${driver}.` : 'Your order is out for delivery.';
    case 'delivered':
      return 'Your order was delivered. Thank you!';
    case 'cancelled':
      return reason
        ? `Your order was cancelled: the delivery failed (${reason}). Nothing is due.`
        : 'Your order was cancelled. Nothing is due.';
  }
}

/**
 * The timeline of an order from its row and its status history (oldest first). The step of the
 * order's status is current, the steps before it done, the ones after it upcoming. A cancelled
 * order shows the steps it had reached when it was cancelled, then a final Cancelled step, with
 * the reason when the cancellation was a failed delivery. The order's status decides, so an order
 * staff reopened after a failed delivery is tracked again from where it now is.
 */
export function trackingOf(order: TrackedOrder, history: readonly TrackedHistoryRow[]): Tracking {
  const rows = [...history].sort((a, b) => a.createdAt - b.createdAt);
  const driver = order.driverFirstName;
  const window = deliveryTimeText(order);

  if (order.status === 'cancelled') {
    const cancel = lastEntry(rows, 'cancelled');
    const reached = Math.max(0, FLOW.indexOf((cancel?.fromStatus ?? 'processing') as (typeof FLOW)[number]));
    const reason = failureReason(cancel, order);
    const steps: TrackingStep[] = FLOW.slice(0, reached + 1).map((status) => step(status, 'done', rows, order, cancel?.createdAt));
    steps.push({
      status: 'cancelled',
      label: SHOPPER_STATUS_LABELS.cancelled,
      state: 'current',
      ...withTime(cancel?.createdAt ?? null),
      detail: reason ? `${DELIVERY_FAILED_NOTE_PREFIX}${reason}` : null,
    });
    return { status: order.status, open: false, window, summary: summaryOf('cancelled', driver, reason), steps };
  }

  const current = FLOW.indexOf(order.status);
  const steps = FLOW.map((status, i) => step(status, i < current ? 'done' : i === current ? 'current' : 'upcoming', rows, order));
  return { status: order.status, open: order.status !== 'delivered', window, summary: summaryOf(order.status, driver, null), steps };
}

function step(
  status: (typeof FLOW)[number],
  state: StepState,
  rows: readonly TrackedHistoryRow[],
  order: TrackedOrder,
  until?: number,
): TrackingStep {
  const reached = state !== 'upcoming';
  // Placed is when the order was made, whatever moves came later.
  const at = !reached ? null : status === 'processing' ? order.createdAt : (lastEntry(rows, status, until)?.createdAt ?? null);
  const detail = status === 'shipped' && reached && order.driverFirstName ? `with ${order.driverFirstName}` : null;
  return { status, label: SHOPPER_STATUS_LABELS[status], state, ...withTime(at), detail };
}
