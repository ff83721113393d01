/**
 * Values of the reports' columns, shared by the schema and the reports' rules (R6). Plain
 * constants, so an island can import them without the schema.
 */

/** R6: why the server refused a checkout, counted when it refused. */
export const REFUSAL_CAUSES = [
  'purchase_limit',
  'daily_limit',
  'out_of_stock',
  'window_full',
  'zip_not_served',
  'state_closed',
  'patient_required',
  'below_minimum',
] as const;
export type RefusalCause = (typeof REFUSAL_CAUSES)[number];
