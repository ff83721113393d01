/** admin.md §5 Contact form: one schema for the form and POST /api/contact, with the spec's messages. */
import * as v from 'valibot';

export const ContactInput = v.strictObject({
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.minLength(2, 'Name is required'),
    v.maxLength(100, 'Name must be at most 100 characters'),
  ),
  email: v.pipe(v.string('Invalid email address'), v.trim(), v.maxLength(254, 'Invalid email address'), v.email('Invalid email address')),
  subject: v.pipe(
    v.string('Subject is required'),
    v.trim(),
    v.minLength(2, 'Subject is required'),
    v.maxLength(200, 'Subject must be at most 200 characters'),
  ),
  message: v.pipe(
    v.string('Message must be at least 10 characters'),
    v.trim(),
    v.minLength(10, 'Message must be at least 10 characters'),
    v.maxLength(5000, 'Message must be at most 5,000 characters'),
  ),
  /**
   * Anti-spam: a field people never see (hidden from view and from assistive technology). Bots
   * fill it; such a message is answered like any other and quietly dropped.
   */
  website: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
});
export type ContactInput = v.InferOutput<typeof ContactInput>;

/** Messages accepted per address in a window (the limiter in site/rate-limit.server.ts). */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
