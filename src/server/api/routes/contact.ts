import { type Context, Hono } from 'hono';
import { ContactInput } from '../../../features/contact/contact.schema.ts';
import { receiveContactMessage } from '../../../features/contact/contact.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { clientIp } from '../admin-auth.ts';
import { deliverNow, inBackground } from '../background.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { answerFormPost, type FormPlace, formBodyLimit, isFormPost } from '../form-post.ts';
import { jsonOnly, parseOr400, valid } from '../validate.ts';

/** Where the contact form lives, for a browser's own post of it (before the island has loaded). */
const CONTACT_FORM: FormPlace = { page: '/contact', keep: ['name', 'email', 'subject', 'message'] };
/** The contact page's thank-you note, shown by CSS when the address names it. */
export const CONTACT_SENT_PATH = '/contact#message-sent';

/** Stores one message and queues its receipt; the hidden field filled means a bot, quietly dropped. */
async function receive(c: Context<AppEnv>, input: ContactInput) {
  if (input.website) return;
  const { ok, retryAfter } = await receiveContactMessage(c.var.db, input, clientIp(c));
  if (!ok)
    throw new HttpError(429, 'too_many_messages', 'Too many messages. Please try again later.', undefined, {
      'Retry-After': String(retryAfter),
    });
  inBackground(c, deliverNow(c));
}

/**
 * POST /api/contact (admin.md §7): stored for the admin (D19), receipt by e-mail (D18). The island
 * sends JSON; a browser posting the form itself gets a page back.
 */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  formBodyLimit,
  async (c, next) => {
    c.header('Cache-Control', CACHE.none);
    if (!isFormPost(c)) return next();
    return answerFormPost(c, CONTACT_FORM, async (fields) => {
      await receive(c, parseOr400(ContactInput, fields, 'message'));
      return CONTACT_SENT_PATH;
    });
  },
  jsonOnly,
  valid('json', ContactInput, 'message', { code: 'invalid_message' }),
  async (c) => {
    await receive(c, c.req.valid('json'));
    return c.json({ success: true });
  },
);
