/**
 * D37: the one-time link page's post, the one staff route open without a session. It sets the
 * password and signs the person in; D21's limits (per IP and per token) keep links from being
 * guessed. The page's own form posts here before its island has loaded (decision 0012).
 */
import { type Context, Hono } from 'hono';
import { homeOf } from '../../../features/staff/roles.ts';
import { AcceptInput } from '../../../features/staff/staff.schema.ts';
import { acceptLink } from '../../../features/staff/staff-links.server.ts';
import { ACCEPT_PATH, DEAD_LINK_MESSAGE } from '../../../features/staff/staff-links.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { clientIp, noStore, sameOrigin, startSession, tooManyAttempts } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { answerFormPost, type FormPlace, formBodyLimit, isFormPost } from '../form-post.ts';
import { jsonOnly, parseOr400, valid } from '../validate.ts';

/**
 * Where the form lives. The token and the link's purpose go back into their hidden fields after a
 * failed post, so the person can try another password; the password never does.
 */
const ACCEPT_FORM: FormPlace = { page: ACCEPT_PATH, keep: ['token', 'purpose'] };

/** Uses the link and starts a session (cookie set on `c`); an HttpError says why not. */
async function accept(c: Context<AppEnv>, input: AcceptInput) {
  const result = await acceptLink(c.var.db, input.token, input.password, clientIp(c));
  if (!result.ok) {
    if (result.retryAfter > 0) throw tooManyAttempts(result.retryAfter, 'attempts');
    throw new HttpError(400, 'link_dead', DEAD_LINK_MESSAGE);
  }
  const expiresAt = await startSession(c, result.adminId);
  return { isLoggedIn: true, email: result.email, role: result.role, expiresAt, home: homeOf(result.role) };
}

export const staffRoutes = new Hono<AppEnv>().use(sameOrigin, noStore).post(
  '/accept',
  formBodyLimit,
  async (c, next) => {
    if (!isFormPost(c)) return next();
    return answerFormPost(c, ACCEPT_FORM, async (fields) => (await accept(c, parseOr400(AcceptInput, fields, 'password'))).home);
  },
  jsonOnly,
  valid('json', AcceptInput, 'password'),
  async (c) => c.json(await accept(c, c.req.valid('json'))),
);
