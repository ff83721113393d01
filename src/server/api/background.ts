import type { Context } from 'hono';
import { deliverPending, mailProviderFromEnv } from '../../features/mail/mail.server.ts';
import type { AppEnv } from './env.ts';

/**
 * Work that may finish after the response (e.g. e-mail delivery), handed to the request's
 * waitUntil so the runtime keeps it alive. Failures are logged, never thrown at the shopper: the
 * outbox keeps the message for a later attempt.
 */
export function inBackground(c: Context, work: Promise<unknown>): void {
  c.executionCtx.waitUntil(work.catch((err: unknown) => console.error('Background work failed', err)));
}

/** The outbox handed to the mail provider now, when one is configured (D18); resolves with how many went. */
export const deliverNow = (c: Context<AppEnv>): Promise<number> => deliverPending(c.var.db, mailProviderFromEnv(c.env));

/** The shop's address for links in e-mails: SITE_URL, else the origin the request came to. */
export const siteUrl = (c: Context<AppEnv>): string => c.env.SITE_URL ?? new URL(c.req.url).origin;
