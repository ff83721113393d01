/**
 * D40: a vehicle's details as the Vehicles tab's form and the server both check them. The plate is
 * kept as letters and digits in upper case, so 'abc-123' and 'ABC 123' are one plate, and the
 * same plate in one state is refused twice (409).
 */
import * as v from 'valibot';
import { US_POSTAL_CODES } from './vehicles.ts';

export const VEHICLE_TEXT_MAX = 40;
/** US plates carry at most 8 characters. */
export const PLATE_MAX = 8;

const Text = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(VEHICLE_TEXT_MAX, `${label} must be at most ${VEHICLE_TEXT_MAX} characters`),
  );

const Colour = v.pipe(
  v.string('Enter the colour, or leave it empty'),
  v.trim(),
  v.maxLength(VEHICLE_TEXT_MAX, `The colour must be at most ${VEHICLE_TEXT_MAX} characters`),
);

const Plate = v.pipe(
  v.string('Plate is required'),
  v.transform((s) => s.replace(/[\s-]+/g, '').toUpperCase()),
  v.nonEmpty('Plate is required'),
  v.regex(/^[A-Z0-9]+$/, 'A plate has only letters and digits (spaces and dashes are left out)'),
  v.maxLength(PLATE_MAX, `A plate has at most ${PLATE_MAX} letters and digits`),
);

const RegistrationState = v.pipe(
  v.string('Choose the state the plate is registered in'),
  v.trim(),
  v.toUpperCase(),
  v.picklist(US_POSTAL_CODES, 'Choose the state the plate is registered in, by its postal code (MD, DC, VA …)'),
);

const Active = v.boolean('Choose whether the vehicle is active');

// Missing required fields are read as empty, so they get the field's own "is required".
export const VehicleInput = v.strictObject({
  make: v.optional(Text('Make'), ''),
  model: v.optional(Text('Model'), ''),
  colour: v.optional(Colour, ''),
  plate: v.optional(Plate, ''),
  registrationState: v.optional(RegistrationState, ''),
  active: v.optional(Active, true),
});
export type VehicleInput = v.InferOutput<typeof VehicleInput>;
export type VehicleFormInput = v.InferInput<typeof VehicleInput>;

/** Only the fields sent are changed. */
export const VehicleUpdate = v.strictObject({
  make: v.optional(Text('Make')),
  model: v.optional(Text('Model')),
  colour: v.optional(Colour),
  plate: v.optional(Plate),
  registrationState: v.optional(RegistrationState),
  active: v.optional(Active),
});
export type VehicleUpdate = v.InferOutput<typeof VehicleUpdate>;
