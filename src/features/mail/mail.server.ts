/**
 * D18: every e-mail goes into the outbox table first and is then delivered by the configured
 * provider. With no provider it stays pending in the outbox, where the admin sees it. Nothing is
 * dropped: a failed delivery is kept with its error and retried up to MAX_ATTEMPTS times.
 */
import { and, asc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { outbox } from '../../db/schema.ts';

export type MailKind = (typeof outbox.$inferInsert)['kind'];

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface MailProvider {
  readonly name: string;
  /** Resolves with the provider's message id; rejects with a readable error. */
  send(message: MailMessage): Promise<{ id: string | null }>;
}

export interface MailEnv {
  /** An HTTP e-mail API taking JSON {from, to, subject, text} with a Bearer key (Resend-compatible). */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
}

export const MAX_ATTEMPTS = 5;
const SEND_TIMEOUT_MS = 10_000;

/** The HTTP provider when MAIL_API_URL, MAIL_API_KEY and MAIL_FROM are set; otherwise none (outbox only). */
export function mailProviderFromEnv(env: MailEnv): MailProvider | null {
  const { MAIL_API_URL: url, MAIL_API_KEY: key, MAIL_FROM: from } = env;
  if (!url || !key || !from) return null;
  return {
    name: new URL(url).host,
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: message.to, subject: message.subject, text: message.body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`Mail provider answered ${res.status}: ${text.slice(0, 300)}`);
      try {
        const body = JSON.parse(text) as { id?: unknown };
        return { id: typeof body.id === 'string' ? body.id : null };
      } catch {
        // The message was accepted (res.ok); a body that is not JSON only leaves its id unknown.
        return { id: null };
      }
    },
  };
}

/** The insert that queues a message; returned unexecuted so callers can put it in their batch. */
export function enqueueMail(db: Pick<Db, 'insert'>, kind: MailKind, message: MailMessage, orderId?: number | SQL) {
  return db.insert(outbox).values({
    kind,
    toAddress: message.to,
    subject: message.subject,
    body: message.body,
    ...(orderId !== undefined ? { orderId } : {}),
  });
}

/**
 * Tries to deliver pending messages (oldest first). Returns how many were sent. With no provider
 * it does nothing: the messages wait in the outbox.
 */
export async function deliverPending(db: Db, provider: MailProvider | null, limit = 20): Promise<number> {
  if (!provider) return 0;
  const pending = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outbox.id))
    .limit(limit);
  let sent = 0;
  for (const message of pending) {
    try {
      const { id } = await provider.send({ to: message.toAddress, subject: message.subject, body: message.body });
      await db
        .update(outbox)
        .set({
          status: 'sent',
          attempts: message.attempts + 1,
          provider: provider.name,
          providerMessageId: id,
          sentAt: Date.now(),
          lastError: null,
          updatedAt: Date.now(),
        })
        .where(eq(outbox.id, message.id));
      sent++;
    } catch (err) {
      const attempts = message.attempts + 1;
      await db
        .update(outbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          provider: provider.name,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
          updatedAt: Date.now(),
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}
