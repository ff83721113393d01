/**
 * Dispatch's inputs (D30, D36), for the Deliveries tab, the manifest page and the server: a New
 * York date, a window named by its New York start, a driver, orders by reference.
 */
import * as v from 'valibot';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { isDate, parseMinute, WINDOW_ID_PATTERN } from '../delivery/windows.ts';
import { ORDER_REF_PATTERN } from '../orders/orders.ts';

/** The most orders one assignment names (a busy day's window holds far fewer). */
export const MAX_ASSIGN_REFS = 200;

/** 'YYYY-MM-DD', a real calendar date (New York). */
export const DateText = v.pipe(
  v.string('Choose a date'),
  v.trim(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD'),
  v.check(isDate, 'That is not a real date'),
);

/** A window by its New York start, 'YYYY-MM-DDTHH:mm', a time New York's clocks show that day. */
const WindowStart = v.pipe(
  v.string('Choose a delivery window'),
  v.regex(WINDOW_ID_PATTERN, 'Name the window by its New York start, YYYY-MM-DDTHH:mm'),
  v.check((w) => isDate(w.slice(0, 10)) && fromNyWallTime(w).ok, 'That window start is not a New York time of that day'),
);

/** 'HH:mm', a time of day (New York). */
const TimeOfDay = v.pipe(
  v.string('Choose a window'),
  v.check((t) => /^\d{2}:\d{2}$/.test(t) && (parseMinute(t) ?? 1440) < 1440, 'Name the window by its start, HH:mm'),
);

const DriverIdText = v.pipe(
  v.string('Choose a driver'),
  v.regex(/^\d{1,15}$/, 'Choose a driver by its number'),
  v.transform(Number),
  v.minValue(1, 'Choose a driver by its number'),
);

const Ref = v.pipe(v.string('Each order is named by its reference'), v.regex(ORDER_REF_PATTERN, 'That is not an order reference'));

/** GET /api/admin/deliveries?date=: a day's windows (today in New York without a date). */
export const DeliveriesQuery = v.object({ date: v.optional(DateText) });
export type DeliveriesQuery = v.InferOutput<typeof DeliveriesQuery>;

/**
 * POST /api/admin/deliveries/assign: some orders, or every open order of one window, to a driver
 * (null takes them back). Exactly one of `refs` and `window`.
 */
export const AssignInput = v.pipe(
  v.strictObject(
    {
      // Required: null takes the orders back, so leaving it out must not mean that.
      driverId: v.nullable(v.pipe(v.number('Choose a driver'), v.integer('Choose a driver'), v.minValue(1, 'Choose a driver'))),
      refs: v.optional(
        v.pipe(
          v.array(Ref, 'Choose the orders to assign'),
          v.minLength(1, 'Choose at least one order'),
          v.maxLength(MAX_ASSIGN_REFS, `Assign at most ${MAX_ASSIGN_REFS} orders at once`),
        ),
      ),
      window: v.optional(WindowStart),
    },
    (issue) => (issue.expected === '"driverId"' ? 'Choose a driver' : 'Send a driver, and the orders or a window'),
  ),
  v.forward(
    v.check((input) => (input.refs === undefined) !== (input.window === undefined), 'Choose the orders to assign, or a whole window'),
    ['refs'],
  ),
);
export type AssignInput = v.InferOutput<typeof AssignInput>;

/** GET /api/admin/deliveries/manifest: one driver's stops on a date, in one window ('HH:mm') or all. */
export const ManifestQuery = v.object({
  date: v.optional(DateText),
  window: v.optional(TimeOfDay),
  driver: DriverIdText,
});
export type ManifestQuery = v.InferOutput<typeof ManifestQuery>;
