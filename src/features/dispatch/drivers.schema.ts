/**
 * D30, D35: a driver's details as the Drivers tab's form and the server both check them. The
 * phone follows checkout's rule; the optional sign-in e-mail names the staff account (role driver)
 * the driver signs in with to see their own deliveries. D40: the employee ID and the driver's licence
 * number are optional here, but a run (and so its manifest) takes only a driver who has both.
 */
import * as v from 'valibot';
import { checkoutFields } from '../checkout/checkout.schema.ts';

export const DRIVER_NAME_MAX = 80;

const Name = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.nonEmpty('Name is required'),
  v.maxLength(DRIVER_NAME_MAX, `The name must be at most ${DRIVER_NAME_MAX} characters`),
);

const Active = v.boolean('Choose whether the driver is active');

export const EMPLOYEE_ID_MAX = 40;
export const LICENCE_NUMBER_MAX = 30;

/** D40: the shop's own number for the driver, as the manifest and Metrc's delivery report name them; '' until set. */
const EmployeeId = v.pipe(
  v.string('Enter the employee ID, or leave it empty'),
  v.trim(),
  v.maxLength(EMPLOYEE_ID_MAX, `The employee ID must be at most ${EMPLOYEE_ID_MAX} characters`),
  v.regex(/^[\w ./-]*$/, 'An employee ID has letters, digits, spaces, dots, dashes and slashes only'),
);

/** D40: the driver's licence number, as printed (upper case); '' until set. */
const LicenceNumber = v.pipe(
  v.string("Enter the driver's licence number, or leave it empty"),
  v.trim(),
  v.toUpperCase(),
  v.maxLength(LICENCE_NUMBER_MAX, `The licence number must be at most ${LICENCE_NUMBER_MAX} characters`),
  v.regex(/^[A-Z0-9 -]*$/, 'A licence number has letters, digits, spaces and dashes only'),
);

/** An e-mail, or empty / null for no sign-in account. */
const SignInEmail = v.pipe(
  v.nullable(
    v.pipe(
      v.string('Enter an e-mail address, or leave it empty'),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(254, 'Please enter a valid email address'),
      v.check((s) => s === '' || v.is(v.pipe(v.string(), v.email()), s), 'Please enter a valid email address'),
    ),
  ),
  v.transform((s) => s || null),
);

// A missing name or phone is read as empty, so it gets the field's own "is required".
export const DriverInput = v.strictObject({
  name: v.optional(Name, ''),
  phone: v.optional(checkoutFields.phone, ''),
  active: v.optional(Active, true),
  email: v.optional(SignInEmail, null),
  employeeId: v.optional(EmployeeId, ''),
  licenceNumber: v.optional(LicenceNumber, ''),
});
export type DriverInput = v.InferOutput<typeof DriverInput>;
export type DriverFormInput = v.InferInput<typeof DriverInput>;

/** Only the fields sent are changed; `email: null` unlinks the sign-in account. */
export const DriverUpdate = v.strictObject({
  name: v.optional(Name),
  phone: v.optional(checkoutFields.phone),
  active: v.optional(Active),
  email: v.optional(SignInEmail),
  employeeId: v.optional(EmployeeId),
  licenceNumber: v.optional(LicenceNumber),
});
export type DriverUpdate = v.InferOutput<typeof DriverUpdate>;

/** Where a driver's sign-in account comes from (D37), said when the e-mail names none. */
export const DRIVER_ACCOUNT_HOW = 'An admin invites one from the Staff tab, with the role Driver.';
