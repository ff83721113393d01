import { Hono } from 'hono';
import * as v from 'valibot';
import { ContactInput } from '../../../features/contact/contact.schema.ts';
import { receiveContactMessage } from '../../../features/contact/contact.server.ts';
import { deliverPending, mailProviderFromEnv } from '../../../features/mail/mail.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { issuesToFields } from '../../../lib/validation.ts';
import { clientIp } from '../admin-auth.ts';
import { inBackground } from '../background.ts';
import { readJson } from '../body.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';

/** POST /api/contact (admin.md §7): stored for the admin (D19), receipt by e-mail (D18). */
export const contactRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const parsed = v.safeParse(ContactInput, await readJson(c, 16 * 1024));
  if (!parsed.success) {
    const fields = issuesToFields(parsed.issues, 'message');
    throw new HttpError(400, 'invalid_message', Object.values(fields)[0] ?? 'Please check the form.', fields);
  }
  c.header('Cache-Control', CACHE.none);
  // The hidden field was filled: a bot. It gets the same answer and nothing is stored or sent.
  if (parsed.output.website) return c.json({ success: true });
  const accepted = await receiveContactMessage(c.var.db, parsed.output, clientIp(c));
  if (!accepted)
    throw new HttpError(429, 'too_many_messages', 'Too many messages. Please try again later.', undefined, { 'Retry-After': '600' });
  inBackground(c, deliverPending(c.var.db, mailProviderFromEnv(c.env ?? {})));
  return c.json({ success: true });
});
