import type { Db } from '../../db/db.ts';
import { contactMessages } from '../../db/schema.ts';
import { enqueueMail } from '../mail/mail.server.ts';
import { contactReceiptEmail } from '../mail/templates.ts';
import { hitRateLimit, type RateLimitResult } from '../site/rate-limit.server.ts';
import { CONTACT_LIMIT, type ContactInput } from './contact.schema.ts';

/**
 * D19, D18: the message is stored (the admin's Messages inbox) and a receipt goes to the sender
 * through the outbox, in one batch. The address's slot is taken first, so of any number of
 * concurrent posts at most CONTACT_LIMIT's are stored; over it, nothing is and `ok` is false.
 */
export async function receiveContactMessage(db: Db, input: ContactInput, ip: string, now = Date.now()): Promise<RateLimitResult> {
  const slot = await hitRateLimit(db, `contact:${ip}`, CONTACT_LIMIT, now);
  if (!slot.ok) return slot;
  await db.batch([
    db.insert(contactMessages).values({ name: input.name, email: input.email, subject: input.subject, message: input.message }),
    enqueueMail(db, 'contact_receipt', { to: input.email, ...contactReceiptEmail() }),
  ]);
  return slot;
}
