import { HttpError } from '../../lib/http-error.ts';

/**
 * Telling "the database is not answering" apart from a bug. Drizzle wraps the libSQL client's error,
 * which wraps the runtime's network error, so the whole cause chain is read. In Node a refused
 * connection is "fetch failed" with ECONNREFUSED; in workerd it is "Network connection lost" or a
 * connect error; sqld restarting answers 502/503, and sqld with more requests than connections
 * to open answers 429 (a burst of checkouts at one moment). A call past its deadline (DB_DEADLINE_MS)
 * is the abort of AbortSignal.timeout: a DOMException named TimeoutError in both runtimes, or
 * AbortError where the runtime reports the abort of the request rather than its reason.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'HRANA_WEBSOCKET_ERROR', 'HRANA_CLOSED_ERROR']);
const UNAVAILABLE_NAMES = new Set(['TimeoutError', 'AbortError']);
const UNAVAILABLE_TEXT =
  /fetch failed|network connection lost|connection (?:refused|reset|closed)|ECONNREFUSED|ECONNRESET|socket hang up|connect error|status (?:429|50[234])|internal error; reference|aborted due to timeout/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** What a shopper reads while the database is down; a retry with the same key is always safe (D13). */
export const DATABASE_UNAVAILABLE = {
  status: 503,
  code: 'database_unavailable',
  message: 'The shop cannot reach its database right now. Please try again in a minute.',
  retryAfterSeconds: 30,
} as const;

/** The API's answer while the database is down: the one error shape, with Retry-After. */
export function databaseUnavailable(): HttpError {
  const { status, code, message, retryAfterSeconds } = DATABASE_UNAVAILABLE;
  return new HttpError(status, code, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}
