/**
 * Values of the delivery and staff columns, shared by the schema and the features (D30, D34, D35).
 * Plain constants, so an island can import them without the schema.
 */

/** D35: what a staff account may do. admin: everything; dispatcher: orders, deliveries, drivers, reports; driver: their own assignments of the day. */
export const STAFF_ROLES = ['admin', 'dispatcher', 'driver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a one-time staff link is for: a first password (invite) or a new one (reset). */
export const STAFF_TOKEN_PURPOSES = ['invite', 'reset'] as const;
export type StaffTokenPurpose = (typeof STAFF_TOKEN_PURPOSES)[number];

/** D30: a delivery's own state, beside the order's status. */
export const DELIVERY_STATES = ['unassigned', 'assigned', 'out', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** D34: the kinds of ID a driver may accept at the door. */
export const ID_TYPES = ['drivers_license', 'state_id', 'passport', 'military_id'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** D39: why the door refused a handover. */
export const DOOR_REFUSALS = ['under_age', 'daily_limit', 'registry'] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];
