import * as v from 'valibot';
import { HttpError } from '../lib/http-error.ts';

/** Field name -> first message, from valibot issues (the API's `fields`). */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[], fallbackField = 'input'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? fallbackField;
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses one input; bad input becomes a 400 naming the field, never a 500. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, field: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = issuesToFields(result.issues, field);
  const first = Object.values(fields)[0] ?? 'Invalid input';
  throw new HttpError(400, 'invalid_input', first, fields);
}
