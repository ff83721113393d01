import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { contactMessages, loginAttempts } from '../../db/schema.ts';
import { enqueueMail } from '../mail/mail.server.ts';
import { contactReceiptEmail } from '../mail/templates.ts';
import { CONTACT_LIMIT, type ContactInput } from './contact.schema.ts';

/**
 * D19, D18: the message is stored (the admin's Messages inbox) and a receipt goes to the sender
 * through the outbox, in one batch. Returns false when the address is over its limit.
 */
export async function receiveContactMessage(db: Db, input: ContactInput, ip: string, now = Date.now()): Promise<boolean> {
  // The same fixed-window counter table the sign-in limit uses, under its own key prefix.
  const key = `contact:${ip}`;
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  const fresh = !row || now - row.windowStart > CONTACT_LIMIT.windowMs;
  if (!fresh && row.failures >= CONTACT_LIMIT.messages) return false;
  const counter = { failures: fresh ? 1 : row.failures + 1, windowStart: fresh ? now : row.windowStart, lockedUntil: null };
  await db.batch([
    db
      .insert(loginAttempts)
      .values({ key, ...counter })
      .onConflictDoUpdate({ target: loginAttempts.key, set: counter }),
    db.insert(contactMessages).values({ name: input.name, email: input.email, subject: input.subject, message: input.message }),
    enqueueMail(db, 'contact_receipt', { to: input.email, ...contactReceiptEmail() }),
  ]);
  return true;
}
