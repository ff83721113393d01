import type { Context } from 'hono';

/**
 * Work that may finish after the response (e.g. e-mail delivery). In workerd it is handed to
 * waitUntil so the runtime keeps it alive; elsewhere (Node tests) it simply runs. Failures are
 * logged, never thrown at the shopper: the outbox keeps the message for a later attempt.
 */
export function inBackground(c: Context, work: Promise<unknown>): void {
  keepAlive(
    c,
    work.catch((err: unknown) => console.error('Background work failed', err)),
  );
}

/** Lets `work` finish even if the shopper's connection closes first (waitUntil); its errors are the caller's. */
export function keepAlive(c: Context, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work.catch(() => undefined));
  } catch {
    // No execution context outside the Workers runtime.
  }
}
