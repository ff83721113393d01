import type { Context } from 'hono';
import { HttpError } from '../../lib/http-error.ts';
import { MAX_JSON_BYTES, tooLarge } from './validate.ts';

export { MAX_JSON_BYTES };

/**
 * Reads a JSON body: 415 unless it says it is JSON, 413 when too large, 400 when it does not parse.
 * Never a 500 for whatever a client sends.
 */
export async function readJson(c: Context, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > maxBytes) {
    throw tooLarge(maxBytes);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
