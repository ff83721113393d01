import type { Context } from 'hono';

/**
 * Work that may finish after the response (e.g. e-mail delivery), handed to the request's
 * waitUntil so the runtime keeps it alive. Failures are logged, never thrown at the shopper: the
 * outbox keeps the message for a later attempt.
 */
export function inBackground(c: Context, work: Promise<unknown>): void {
  c.executionCtx.waitUntil(work.catch((err: unknown) => console.error('Background work failed', err)));
}
