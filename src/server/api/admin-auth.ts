/**
 * Admin authentication and CSRF (D21). Sessions are server-side rows; the cookie carries only a
 * random token. State-changing requests must come from the shop's own origin.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createSession, findSession, SESSION_TTL_MS, type SessionInfo } from '../../features/staff/accounts.server.ts';
import { mayOpen } from '../../features/staff/roles.ts';
import { HttpError } from '../../lib/http-error.ts';
import { CACHE } from './cache.ts';
import type { AppEnv } from './env.ts';

/** admin.md §6: the words of an unauthenticated admin call. */
export const NOT_AUTHENTICATED = 'Not authenticated. Please log in to the admin panel first.';

/** The only /api/admin routes open without a session: signing in needs none. */
export const PUBLIC_ADMIN_ROUTES = new Set(['POST /api/admin/login']);

/** Over HTTPS the cookie gets the __Host- prefix (Secure, whole site, no Domain). Local http cannot. */
export function sessionCookieName(url: string): string {
  return new URL(url).protocol === 'https:' ? '__Host-admin_session' : 'admin_session';
}

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, sessionCookieName(c.req.url));
}

export function writeSessionCookie(c: Context, token: string): void {
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, sessionCookieName(c.req.url), token, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/**
 * Signs `adminId` in on `c`: a fresh session id every time (no fixation), any session the browser
 * had ended, and the cookie set. Resolves with when the new session ends.
 */
export async function startSession(c: Context<AppEnv>, adminId: number): Promise<number> {
  const session = await createSession(c.var.db, adminId, readSessionToken(c));
  writeSessionCookie(c, session.token);
  return session.expiresAt;
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookieName(c.req.url), { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request must name the shop as its Origin (browsers always send it on
 * cross-origin and on same-origin non-GET fetches) or, failing that, be marked same-origin by
 * Sec-Fetch-Site. SameSite=Strict on the cookie is the second line.
 */
export const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const own = new URL(c.req.url).origin;
    const allowed = origin ? origin === own : site === 'same-origin';
    if (!allowed) throw new HttpError(403, 'cross_site_request', 'This request must come from the shop itself.');
  }
  await next();
};

declare module 'hono' {
  interface ContextVariableMap {
    admin: SessionInfo;
  }
}

/** The words of a signed-in account asking for what its role does not open (D35). */
export const NOT_ALLOWED = 'Your account does not have access to this. Ask an admin if you need it.';

/**
 * Every staff route but those in PUBLIC_ADMIN_ROUTES needs a live session (401 otherwise) whose
 * role opens the path (403 otherwise, D35).
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (PUBLIC_ADMIN_ROUTES.has(`${c.req.method} ${path}`)) return next();
  const session = await findSession(c.var.db, readSessionToken(c));
  if (!session) throw new HttpError(401, 'unauthenticated', NOT_AUTHENTICATED);
  if (!mayOpen(session.role, path)) throw new HttpError(403, 'forbidden', NOT_ALLOWED);
  c.set('admin', session);
  await next();
};

/** Admin answers are personal: no cache may keep them. */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', CACHE.none);
};

/** What every admin router runs first: same-origin writes, a live session, answers no cache keeps. */
export const adminOnly = [sameOrigin, requireAdmin, noStore] as const;

/** Who a staff change is recorded as (order history, stock ledger, audit trail): 'admin:{email}', 'driver:{email}'. */
export const adminActor = (c: Context<AppEnv>): string => `${c.var.admin.role}:${c.var.admin.email}`;

/** The client's address for per-IP limits: Cloudflare's header, else the proxy chain. */
export function clientIp(c: { req: { header: (n: string) => string | undefined } }): string {
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown';
}

/** D21's refusal when a sign-in or a staff link's key is locked: 429, with when to try again. */
export function tooManyAttempts(retryAfterSeconds: number, what: string): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(429, 'too_many_attempts', `Too many ${what}. Try again in ${minutes} minutes.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}
