/**
 * D12: the one checkout schema. The form validates with `CheckoutForm` field by field; the server
 * validates the payload (§3: customer nested, items) with `CheckoutPayload`, built from the same
 * field schemas, so both give the same messages.
 */
import * as v from 'valibot';
import { issuesToFields } from '../../lib/validation.ts';
import { MAX_LINE_QUANTITY } from '../cart/cart.ts';
import { PATIENT_MESSAGES, REGISTRY_ID_PATTERN } from '../compliance/patients.ts';
import { ZipCode, zipInState } from '../compliance/zip.ts';
import { isDate, WINDOW_ID_PATTERN } from '../delivery/windows.ts';
import { DELIVERY_WINDOWS, SITE, stateName, type UsStateCode } from '../site/settings.ts';
import { CHOOSE_WINDOW_MESSAGE } from './checkout.ts';

const STATE_CODES = SITE.states.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];
const WINDOW_VALUES = DELIVERY_WINDOWS.map((w) => w.value) as ['asap', 'morning', 'afternoon', 'evening'];

/** '{Field label} is required' (D12), after trimming; capped so nobody stores a novel. */
const required = (label: string, max = 100) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)), '');

const digits = (s: string) => s.replace(/\D/g, '');

/** An empty field, or a registry number. */
const OPTIONAL_REGISTRY_ID = new RegExp(`^$|${REGISTRY_ID_PATTERN.source}`);

export const checkoutFields = {
  firstName: required('First name'),
  lastName: required('Last name'),
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.maxLength(254, 'Please enter a valid email address'),
    v.email('Please enter a valid email address'),
  ),
  phone: v.pipe(
    v.string('Phone is required'),
    v.trim(),
    v.nonEmpty('Phone is required'),
    v.maxLength(30, 'Please enter a valid phone number'),
    v.check((s) => digits(s).length >= 10 && digits(s).length <= 15 && /^[\d\s()+.-]+$/.test(s), 'Please enter a valid phone number'),
  ),
  deliveryAddress: v.pipe(
    v.string('Delivery address is required'),
    v.trim(),
    v.minLength(5, 'Delivery address is required'),
    v.maxLength(200, 'Delivery address must be at most 200 characters'),
  ),
  deliveryApartment: optionalText('Apartment', 50),
  deliveryCity: required('City', 80),
  deliveryState: v.picklist(STATE_CODES, 'State is required'),
  deliveryZipCode: ZipCode,
  deliveryInstructions: optionalText('Delivery instructions', 500),
  deliveryTime: v.optional(v.picklist(WINDOW_VALUES, 'Please choose a delivery time'), 'asap'),
  /** D36: the window to book, by its New York start ('YYYY-MM-DDTHH:mm'); without it, deliveryTime picks one. */
  deliveryWindow: v.optional(v.pipe(v.string(CHOOSE_WINDOW_MESSAGE), v.regex(WINDOW_ID_PATTERN, CHOOSE_WINDOW_MESSAGE))),
  /** D39: a patients-only state's registry number and expiry; whether they are needed is the state's rule. */
  patientId: v.optional(v.pipe(v.string(PATIENT_MESSAGES.id), v.trim(), v.regex(OPTIONAL_REGISTRY_ID, PATIENT_MESSAGES.id)), ''),
  patientExpiresOn: v.optional(
    v.pipe(
      v.string(PATIENT_MESSAGES.expiresOn),
      v.trim(),
      v.check((d) => d === '' || isDate(d), PATIENT_MESSAGES.expiresOn),
    ),
    '',
  ),
};

/** The registry as the API takes it: both parts, or none (D39). */
const Patient = v.strictObject(
  {
    id: v.pipe(v.string(PATIENT_MESSAGES.id), v.trim(), v.regex(REGISTRY_ID_PATTERN, PATIENT_MESSAGES.id)),
    expiresOn: v.pipe(v.string(PATIENT_MESSAGES.expiresOn), v.trim(), v.check(isDate, PATIENT_MESSAGES.expiresOn)),
  },
  PATIENT_MESSAGES.id,
);

/** The ZIP must lie in the chosen state, reported on the ZIP field; runs once both fields are valid. */
const zipMessage = (issue: { input: unknown }) => {
  const { deliveryState } = issue.input as { deliveryState: UsStateCode };
  return `ZIP code is not in ${stateName(deliveryState)}`;
};
const zipInChosenState = (input: { deliveryState: UsStateCode; deliveryZipCode: string }) =>
  zipInState(input.deliveryZipCode, input.deliveryState);

export const CheckoutForm = v.pipe(
  v.object(checkoutFields),
  v.forward(v.partialCheck([['deliveryState'], ['deliveryZipCode']], zipInChosenState, zipMessage), ['deliveryZipCode']),
);
export type CheckoutFormInput = v.InferInput<typeof CheckoutForm>;
export type CheckoutFormValues = v.InferOutput<typeof CheckoutForm>;
export type CheckoutField = keyof typeof checkoutFields;

/** The form's values checked (D12): what to send, or each field's first message. */
export function parseCheckoutForm(
  input: unknown,
): { success: true; output: CheckoutFormValues } | { success: false; errors: Partial<Record<CheckoutField, string>> } {
  const parsed = v.safeParse(CheckoutForm, input);
  return parsed.success ? { success: true, output: parsed.output } : { success: false, errors: issuesToFields(parsed.issues) };
}

export const CheckoutItem = v.strictObject({
  productId: v.pipe(
    v.number('Each item needs a product'),
    v.integer('Each item needs a product'),
    v.minValue(1, 'Each item needs a product'),
  ),
  quantity: v.pipe(
    v.number('Quantity must be a whole number'),
    v.integer('Quantity must be a whole number'),
    v.minValue(1, 'Quantity must be at least 1'),
    v.maxValue(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  ),
  weight: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20, 'Unknown weight'))), null),
  /** Sent by the client for display; ignored by the server, which prices every line itself (D2). */
  price: v.optional(v.unknown()),
});

export const MAX_CHECKOUT_LINES = 50;

const { firstName, lastName, email, phone, patientId: _id, patientExpiresOn: _expires, ...delivery } = checkoutFields;

/** §3 checkout payload. Client totals may be sent; they are ignored (D2). */
export const CheckoutPayload = v.pipe(
  v.strictObject({
    customer: v.strictObject({ firstName, lastName, email, phone }, 'Contact information is required'),
    ...delivery,
    patient: v.optional(Patient),
    items: v.pipe(
      v.array(CheckoutItem, 'Your cart is empty'),
      v.minLength(1, 'Your cart is empty'),
      v.maxLength(MAX_CHECKOUT_LINES, `An order can have at most ${MAX_CHECKOUT_LINES} lines`),
    ),
    subtotal: v.optional(v.unknown()),
    total: v.optional(v.unknown()),
  }),
  v.forward(v.partialCheck([['deliveryState'], ['deliveryZipCode']], zipInChosenState, zipMessage), ['deliveryZipCode']),
);
export type CheckoutPayload = v.InferOutput<typeof CheckoutPayload>;

/** The API reports customer fields by their form names, so the form can show them in place. */
export function formFieldName(path: string): string {
  if (path === 'patient' || path === 'patient.id') return 'patientId';
  if (path === 'patient.expiresOn') return 'patientExpiresOn';
  return path.replace(/^customer\./, '');
}

/** Idempotency-Key header (D13): generated by the client once per checkout attempt. */
export const IdempotencyKey = v.pipe(
  v.string('An Idempotency-Key header is required'),
  v.regex(/^[A-Za-z0-9_-]{16,100}$/, 'The Idempotency-Key header must be 16-100 letters, digits, - or _'),
);
