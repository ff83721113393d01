/**
 * D18: every e-mail goes into the outbox table first and is then delivered by the configured
 * provider. With no provider it stays pending in the outbox, where the admin sees it. Nothing is
 * dropped: a failed delivery is kept with its error and retried up to MAX_ATTEMPTS times.
 * The one exception is a message that carries a secret (D37's staff links): see sendUnstored.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
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
 * What an unstored message's row says until sendUnstored records the outcome, and for good if the
 * request ends first: nobody can tell whether the provider took it.
 */
export const UNSTORED_UNCONFIRMED =
  'Not confirmed sent: this message goes to the mail provider once, from the request that wrote it, and is never retried.';

/**
 * The outbox row of a message whose real text must never be stored (a staff link): `shown` is the
 * text with the secret replaced by a placeholder. The row is final from the start (status
 * 'failed', which deliverPending never picks), since a retry could only send the placeholder.
 * Returned unexecuted, with its id, for the caller's batch.
 */
export function enqueueUnstored(db: Pick<Db, 'insert'>, kind: MailKind, shown: MailMessage) {
  return db
    .insert(outbox)
    .values({ kind, toAddress: shown.to, subject: shown.subject, body: shown.body, status: 'failed', lastError: UNSTORED_UNCONFIRMED })
    .returning({ id: outbox.id });
}

/**
 * `text` without any of `secrets` (longest first): every whole occurrence, and a start of one that
 * ends the text (a quoted message cut short, as the provider's error cuts the answer it quotes).
 */
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join('[hidden]');
    for (let n = secret.length - 1; n >= 4; n--) {
      if (out.endsWith(secret.slice(0, n))) {
        out = `${out.slice(0, -n)}[hidden]`;
        break;
      }
    }
  }
  return out;
}

export type UnstoredOutcome = { sent: true } | { sent: false; error: string };

/**
 * Sends the real text of an enqueueUnstored row, once, now, and writes the outcome on the row:
 * sent with the provider's id, or failed with the error. `secrets` are cut out of the error (a
 * provider may quote the message back), so they reach neither the row nor the caller.
 */
export async function sendUnstored(
  db: Db,
  provider: MailProvider | null,
  outboxId: number,
  message: MailMessage,
  secrets: readonly string[],
): Promise<UnstoredOutcome> {
  let outcome: UnstoredOutcome;
  let providerMessageId: string | null = null;
  if (!provider) {
    outcome = { sent: false, error: 'no mail provider is configured' };
  } else {
    try {
      providerMessageId = (await provider.send(message)).id;
      outcome = { sent: true };
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      outcome = { sent: false, error: redact(text, secrets).slice(0, 500) };
    }
  }
  const now = Date.now();
  await db
    .update(outbox)
    .set(
      outcome.sent
        ? { status: 'sent', attempts: 1, provider: provider?.name, providerMessageId, sentAt: now, lastError: null, updatedAt: now }
        : { status: 'failed', attempts: provider ? 1 : 0, provider: provider?.name ?? null, lastError: outcome.error, updatedAt: now },
    )
    .where(eq(outbox.id, outboxId));
  return outcome;
}

/**
 * How long a delivery run holds the rows it took: long enough to send all of them one after
 * another, each under its own timeout. A run that dies meanwhile leaves them to the next after it.
 */
const CLAIM_MS_PER_MESSAGE = SEND_TIMEOUT_MS;

/**
 * Tries to deliver pending messages (oldest first). Returns how many were sent. With no provider
 * it does nothing: the messages wait in the outbox. Every write that queues mail asks for a
 * delivery, so runs overlap: each first claims its rows in one UPDATE, and a row another run holds
 * is not sent twice.
 */
export async function deliverPending(db: Db, provider: MailProvider | null, limit = 20): Promise<number> {
  if (!provider) return 0;
  const now = Date.now();
  const free = or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now));
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS), free))
    .orderBy(asc(outbox.id))
    .limit(limit);
  const claimed = await db
    .update(outbox)
    .set({ claimedUntil: now + limit * CLAIM_MS_PER_MESSAGE })
    .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending'), free))
    .returning();
  let sent = 0;
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
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
          claimedUntil: null,
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
          claimedUntil: null,
          updatedAt: Date.now(),
        })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}
