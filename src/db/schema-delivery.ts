/**
 * The delivery tables: zones and their ZIPs (D31), the window schedule, booking rules and closed
 * dates (D36), and the proof kept at the door (D34).
 */

import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DOOR_REFUSALS, ID_TYPES } from './delivery-values.ts';
import { METRC_REPORT_STATUSES } from './inventory-values.ts';
import { timestamps } from './schema-columns.ts';
import { orders, US_STATES } from './schema-orders.ts';
import { drivers } from './schema-staff.ts';

/**
 * D31: delivery zones. A null fee or free-from threshold takes D3's default; a null minimum means
 * no minimum order. An inactive zone delivers nowhere.
 */
export const deliveryZones = sqliteTable('delivery_zones', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  state: text('state', { enum: US_STATES }).notNull(),
  name: text('name').notNull(),
  feeCents: integer('fee_cents'),
  minimumCents: integer('minimum_cents'),
  freeFromCents: integer('free_from_cents'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  ...timestamps,
});

/** D31: each ZIP we deliver to belongs to one zone; a ZIP not listed is not served. */
export const deliveryZoneZips = sqliteTable(
  'delivery_zone_zips',
  {
    zip: text('zip').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (t) => [index('delivery_zone_zips_zone_idx').on(t.zoneId)],
);

/**
 * D36: the weekly delivery schedule. Each row is one window on one weekday (0 Sunday ... 6
 * Saturday), from startMinute to endMinute after New York midnight, taking at most `capacity` orders.
 */
export const deliveryWindows = sqliteTable(
  'delivery_windows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    capacity: integer('capacity').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('delivery_windows_start_idx').on(t.weekday, t.startMinute)],
);

/** D36: the one row of booking rules: the cutoff before a window starts, and how far ahead to book. */
export const deliverySettings = sqliteTable('delivery_settings', {
  id: integer('id').primaryKey(),
  cutoffMinutes: integer('cutoff_minutes').notNull(),
  daysAhead: integer('days_ahead').notNull(),
  updatedAt: timestamps.updatedAt,
});

/** D36: days the shop does not deliver ('YYYY-MM-DD', New York), whatever the schedule says. */
export const deliveryClosedDates = sqliteTable('delivery_closed_dates', {
  date: text('date').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: timestamps.createdAt,
});

/**
 * D34: the ID check at the door, one per delivered order. Only the last 4 characters of the ID
 * number are kept, never the whole number.
 */
export const deliveryProofs = sqliteTable(
  'delivery_proofs',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    idType: text('id_type', { enum: ID_TYPES }).notNull(),
    /** 'YYYY-MM-DD' as printed on the ID. */
    dateOfBirth: text('date_of_birth').notNull(),
    idLast4: text('id_last4').notNull(),
    cashCollectedCents: integer('cash_collected_cents').notNull(),
    /**
     * D39: in a patients-only state, the registry card checked against the order: the last 4
     * characters of its number, its expiry date, and that the name on it matched. Null elsewhere.
     */
    registryLast4: text('registry_last4'),
    registryExpiresOn: text('registry_expires_on'),
    registryNameMatched: integer('registry_name_matched', { mode: 'boolean' }),
    /** 'driver:{email}' or 'admin:{email}'. */
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamps.createdAt,
  },
  // D39: the door sums what one ID was handed in a day.
  (t) => [index('delivery_proofs_id_idx').on(t.idType, t.dateOfBirth, t.idLast4, t.createdAt)],
);

/**
 * D39: a handover the door refused (under age, over the day's limits, no valid registry card),
 * with the ID as the proof would have kept it, so the refusal is on record though nothing was
 * delivered.
 */
export const doorRefusals = sqliteTable(
  'door_refusals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: DOOR_REFUSALS }).notNull(),
    idType: text('id_type', { enum: ID_TYPES }).notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    idLast4: text('id_last4').notNull(),
    /** The sentence the driver was shown. */
    message: text('message').notNull(),
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('door_refusals_order_idx').on(t.orderId)],
);

/** D40: the vehicles that carry deliveries, as the manifest and Metrc's report name them. */
export const vehicles = sqliteTable(
  'vehicles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    colour: text('colour').notNull().default(''),
    plate: text('plate').notNull(),
    /** The state the plate is registered in (postal code). */
    registrationState: text('registration_state').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('vehicles_plate_idx').on(t.registrationState, t.plate)],
);

/**
 * D40: a run is one driver in one vehicle taking orders in stop order, planned to leave and be back
 * at set times. Its manifest (what it carries, package by package) is kept as it was printed.
 */
export const deliveryRuns = sqliteTable(
  'delivery_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    /** 'YYYY-MM-DD', New York. */
    date: text('date').notNull(),
    /** Epoch ms. */
    plannedDeparture: integer('planned_departure', { mode: 'number' }).notNull(),
    plannedArrival: integer('planned_arrival', { mode: 'number' }).notNull(),
    /** The planned route, in words, as Metrc's delivery report asks for it. */
    route: text('route').notNull().default(''),
    /** The manifest as last written (JSON), so what the driver carried stays on record. */
    manifest: text('manifest', { mode: 'json' }).$type<unknown>(),
    createdBy: text('created_by').notNull(),
    ...timestamps,
  },
  (t) => [index('delivery_runs_date_idx').on(t.date, t.driverId)],
);

/** D40: a run's orders in stop order; an order is on at most one run. */
export const deliveryRunStops = sqliteTable(
  'delivery_run_stops',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => deliveryRuns.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** 1, 2, 3 … */
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.orderId] }), uniqueIndex('delivery_run_stops_order_idx').on(t.orderId)],
);

/**
 * D40: one delivery report to Metrc per delivered order, queued in the handover's own write and
 * sent by the scheduled job; the order's key makes it once only.
 */
export const metrcReports = sqliteTable(
  'metrc_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    state: text('state', { enum: US_STATES }).notNull(),
    status: text('status', { enum: METRC_REPORT_STATUSES }).notNull().default('waiting'),
    /** The body as last built for Metrc (JSON). */
    payload: text('payload', { mode: 'json' }).$type<unknown>(),
    attempts: integer('attempts').notNull().default(0),
    /** Epoch ms: not tried again before this. */
    nextAttemptAt: integer('next_attempt_at', { mode: 'number' }).notNull().default(0),
    /** Until when a sending run holds the row, so no other run sends it meanwhile. */
    claimedUntil: integer('claimed_until', { mode: 'number' }),
    /** Metrc's last HTTP status (null: no answer, a timeout or no credentials). */
    lastStatus: integer('last_status'),
    /** Metrc's last answer, or why the report waits, as the admin reads it. */
    lastAnswer: text('last_answer'),
    sentAt: integer('sent_at', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [index('metrc_reports_status_idx').on(t.status, t.nextAttemptAt)],
);
