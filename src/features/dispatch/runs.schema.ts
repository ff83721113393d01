/**
 * D40: a run's inputs, for the Runs tab and the server: the driver, the vehicle, the New York date,
 * the orders in stop order, the planned departure and arrival (New York wall time), the route.
 */
import * as v from 'valibot';
import { ORDER_REF_PATTERN } from '../orders/orders.ts';
import { DateText } from './dispatch.schema.ts';
import { MAX_RUN_STOPS, PLANNED_TIME_PATTERN, ROUTE_MAX } from './runs.ts';

const Id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

const OrderRefs = v.pipe(
  v.array(
    v.pipe(v.string('Each order is named by its reference'), v.regex(ORDER_REF_PATTERN, 'That is not an order reference')),
    'Choose the orders of the run',
  ),
  v.minLength(1, 'Choose at least one order'),
  v.maxLength(MAX_RUN_STOPS, `A run takes at most ${MAX_RUN_STOPS} stops`),
  v.check((refs) => new Set(refs).size === refs.length, 'Each order is one stop: an order is named twice'),
);

const PlannedTime = (what: string) =>
  v.pipe(
    v.string(`Enter the planned ${what}`),
    v.trim(),
    v.nonEmpty(`Enter the planned ${what}`),
    v.regex(PLANNED_TIME_PATTERN, `Enter the planned ${what} as HH:mm (New York time)`),
  );

const Route = v.pipe(
  v.string('Describe the route in words, or leave it empty'),
  v.trim(),
  v.maxLength(ROUTE_MAX, `The route must be at most ${ROUTE_MAX} characters`),
);

/** POST /api/admin/runs. */
export const RunInput = v.strictObject(
  {
    driverId: Id('Choose a driver'),
    vehicleId: Id('Choose a vehicle'),
    date: DateText,
    orderRefs: OrderRefs,
    plannedDeparture: PlannedTime('departure'),
    plannedArrival: PlannedTime('arrival back'),
    route: v.optional(Route, ''),
  },
  'Send the driver, the vehicle, the date, the orders and the planned times',
);
export type RunInput = v.InferOutput<typeof RunInput>;

/**
 * PATCH /api/admin/runs/:id: only what is sent changes. `orderRefs` is the whole new stop list,
 * in order (to reorder, add or take off stops). The driver and the date stay: a run for another
 * driver or day is a new run.
 */
export const RunUpdate = v.strictObject(
  {
    vehicleId: v.optional(Id('Choose a vehicle')),
    orderRefs: v.optional(OrderRefs),
    plannedDeparture: v.optional(PlannedTime('departure')),
    plannedArrival: v.optional(PlannedTime('arrival back')),
    route: v.optional(Route),
  },
  'Send only the vehicle, the orders, the planned times or the route',
);
export type RunUpdate = v.InferOutput<typeof RunUpdate>;

/** GET /api/admin/runs?date=: a day's runs (today in New York without a date). */
export const RunsQuery = v.object({ date: v.optional(DateText) });
