import { vValidator } from '@hono/valibot-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { HttpError } from '../../lib/http-error.ts';
import { issuesToFields } from '../../lib/validation.ts';

export { issuesToFields };

function invalid(
  issues: readonly v.BaseIssue<unknown>[],
  field: string,
  status: 400 | 422,
  code: string,
  fieldName: (path: string) => string = (path) => path,
): HttpError {
  const fields = Object.fromEntries(Object.entries(issuesToFields(issues, field)).map(([path, message]) => [fieldName(path), message]));
  return new HttpError(status, code, Object.values(fields)[0] ?? 'Invalid input', fields);
}

/**
 * Route input validated by its valibot schema (@hono/valibot-validator), so the handler reads
 * `c.req.valid(target)` and the input type reaches AppType for hono/client. Bad input is the API's
 * one error shape: 400 (or `status`) naming the field; `field` names input that has no path of its
 * own (a bare string, a missing body), and `fieldName` maps a path to the name a form shows it under.
 */
export function valid<Target extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: Target,
  schema: S,
  field: string,
  { status = 400, code = 'invalid_input', fieldName }: { status?: 400 | 422; code?: string; fieldName?: (path: string) => string } = {},
) {
  return vValidator(target, schema, (result) => {
    if (!result.success) throw invalid(result.issues, field, status, code, fieldName);
  });
}

/** Largest JSON body a route takes; a checkout with 50 lines is a few KB. */
const MAX_JSON_BYTES = 64 * 1024;

/** The one answer to a body over its route's limit. */
export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`);

/**
 * Refuses a body over `maxBytes` before it is read, whether or not it declares its length, with
 * `error` (by default the one 413 above).
 */
export function limitBody(maxBytes: number, error: () => HttpError = () => tooLarge(maxBytes)): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw error();
    },
  });
}

/**
 * A JSON body is JSON and at most `maxBytes`: 415 for any other declared type (the validator would
 * read it as `{}` and report missing fields, which would mislead the caller), 413 past the limit.
 */
export function jsonUpTo(maxBytes: number): MiddlewareHandler {
  const limit = limitBody(maxBytes);
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    return limit(c, next);
  };
}

/** Goes before every `valid('json', ...)`: the JSON routes' one type check and size limit. */
export const jsonOnly = jsonUpTo(MAX_JSON_BYTES);

/** Parses one input outside a route's declared inputs; bad input becomes a 400 naming the field. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, field: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw invalid(result.issues, field, 400, 'invalid_input');
}
