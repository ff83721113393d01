/** What staff send to sign in and to set a password, checked the same way by form and server. */
import * as v from 'valibot';

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
export const NewPassword = v.pipe(v.string(), v.minLength(12, 'The password must be at least 12 characters'), v.maxLength(200));
