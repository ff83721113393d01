import * as v from 'valibot';
import { HttpError } from '../../lib/http-error.ts';
import { issuesToFields } from '../../lib/validation.ts';

export { issuesToFields };

/** Parses one input; bad input becomes a 400 naming the field, never a 500. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, field: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = issuesToFields(result.issues, field);
  const first = Object.values(fields)[0] ?? 'Invalid input';
  throw new HttpError(400, 'invalid_input', first, fields);
}
