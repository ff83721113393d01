/** What staff send to sign in and to set a password, checked the same way by form and server. */
import * as v from 'valibot';
import { DEAD_LINK_MESSAGE } from './staff-links.ts';
import { TOKEN_PATTERN } from './tokens.ts';

export const LoginInput = v.strictObject({
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.maxLength(254),
    v.email('Please enter a valid email address'),
  ),
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'), v.maxLength(200, 'Password is too long')),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

/** New admin passwords (admin:create, ADMIN_PASSWORD): long enough to resist guessing. */
export const PASSWORD_MIN_LENGTH = 12;
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  v.maxLength(200),
);

/**
 * D37: what the one-time link page posts. The token is the link's 64 hex digits; anything else is
 * answered as a dead link, so its shape says nothing the database would not. Extra fields (the
 * page's hidden `purpose`) are dropped.
 */
export const AcceptInput = v.object({
  token: v.pipe(v.string(DEAD_LINK_MESSAGE), v.regex(TOKEN_PATTERN, DEAD_LINK_MESSAGE)),
  password: v.pipe(v.string('Choose a password'), v.nonEmpty('Choose a password'), NewPassword),
});
export type AcceptInput = v.InferOutput<typeof AcceptInput>;
