/**
 * D37: what the Staff tab sends, checked the same way by its forms and the server. It lives with
 * the dashboard rather than in features/staff because a driver's details follow the Drivers tab's
 * rules (dispatch) and checkout's phone rule, both above staff in the layers (decision 0019).
 */
import * as v from 'valibot';
import { STAFF_ROLES } from '../../db/delivery-values.ts';
import { checkoutFields } from '../checkout/checkout.schema.ts';
import { DRIVER_NAME_MAX } from '../dispatch/drivers.schema.ts';

export const STAFF_NAME_MAX = 80;

const Role = v.picklist(STAFF_ROLES, 'Choose a role');

/** Checkout's e-mail rule, kept lower-case as sign-in looks accounts up. */
const Email = v.pipe(checkoutFields.email, v.toLowerCase());

/**
 * An invitation: who, in which role, and for a driver the driver record the account signs in as,
 * an existing one (`driverId`) or a new one (`driverName`, `driverPhone`). Driver fields are
 * ignored for the other roles.
 */
export const StaffInvite = v.pipe(
  v.strictObject({
    email: Email,
    name: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(STAFF_NAME_MAX, `The name must be at most ${STAFF_NAME_MAX} characters`)),
      '',
    ),
    role: Role,
    driverId: v.optional(
      v.nullable(v.pipe(v.number('Choose a driver'), v.integer('Choose a driver'), v.minValue(1, 'Choose a driver'))),
      null,
    ),
    driverName: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(DRIVER_NAME_MAX, `The name must be at most ${DRIVER_NAME_MAX} characters`)),
      '',
    ),
    driverPhone: v.optional(v.pipe(v.string(), v.trim()), ''),
  }),
  v.forward(
    v.partialCheck(
      [['role'], ['driverId'], ['driverName']],
      (i) => i.role !== 'driver' || i.driverId != null || i.driverName !== '',
      "Enter the new driver's name, or choose an existing driver",
    ),
    ['driverName'],
  ),
  v.forward(
    v.partialCheck(
      [['role'], ['driverId'], ['driverPhone']],
      (i) => i.role !== 'driver' || i.driverId != null || v.is(checkoutFields.phone, i.driverPhone),
      'Please enter a valid phone number',
    ),
    ['driverPhone'],
  ),
);
export type StaffInvite = v.InferOutput<typeof StaffInvite>;
export type StaffInviteInput = v.InferInput<typeof StaffInvite>;

/** A change to an account: its role, or whether it is active (either or both). */
export const StaffChange = v.pipe(
  v.strictObject({
    role: v.optional(Role),
    active: v.optional(v.boolean('Choose whether the account is active')),
  }),
  v.check((c) => c.role !== undefined || c.active !== undefined, 'Send a new role or whether the account is active'),
);
export type StaffChange = v.InferOutput<typeof StaffChange>;

/**
 * A new link for an account: the request names the e-mail the link goes to, which must be the
 * account's, so a stale list never sends a link to someone the admin did not mean.
 */
export const StaffLinkRequest = v.strictObject({ email: Email });
export type StaffLinkRequest = v.InferOutput<typeof StaffLinkRequest>;
