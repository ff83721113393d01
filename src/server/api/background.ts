import type { Context } from 'hono';

/**
 * Work that may finish after the response (e.g. e-mail delivery). In workerd it is handed to
 * waitUntil so the runtime keeps it alive; elsewhere (Node tests) it simply runs. Failures are
 * logged, never thrown at the shopper: the outbox keeps the message for a later attempt.
 */
export function inBackground(c: Context, work: Promise<unknown>): void {
  const logged = work.catch((err: unknown) => console.error('Background work failed', err));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context outside the Workers runtime.
  }
}
