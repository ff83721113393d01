/**
 * Handlers for the pages of ours the Worker answers before the static files (site-routes.ts names
 * the paths, site.ts registers the handlers), and what they share: the Worker's bindings and the
 * static files.
 */
import type { Fetcher } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import { createDb } from '../../db/client.web.ts';
import { findSession } from '../../features/staff/accounts.server.ts';
import { homeOf, mayOpen } from '../../features/staff/roles.ts';
import { readSessionToken } from '../api/admin-auth.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../api/db-errors.ts';
import type { Bindings } from '../api/env.ts';
import { fetchFrom } from '../platform.ts';

/** What the Worker receives: the API's bindings, and the deploy's static files. */
export interface SiteBindings extends Bindings {
  ASSETS: Fetcher;
}

export interface SiteEnv {
  Bindings: SiteBindings;
}

/** The static file at `path`, or the one the request asks for. */
export function staticFile(c: Context<SiteEnv>, path?: string): Promise<Response> {
  return fetchFrom(c.env.ASSETS, path === undefined ? c.req.raw : new URL(path, c.req.url));
}

/**
 * A page's answer while the database is down: a staff page's session cannot be checked, and a
 * catalogue page not in any cache cannot be rendered. Plain words, no script, never cached.
 */
export function databaseUnavailablePage(): Response {
  const { status, message, retryAfterSeconds } = DATABASE_UNAVAILABLE;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The shop cannot reach its database</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The shop cannot reach its database</h1>
<p>${message}</p>
<p><a href="">Reload this page</a> to try again.</p>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(retryAfterSeconds),
    },
  });
}

/**
 * D21: every admin page sends a visitor without a live session to /admin-login before any of the
 * page is served (the admin islands also check, but the HTML itself is never handed out). While the
 * database cannot be reached nobody can be verified, so nobody gets in: the answer is a plain 503.
 */
export async function adminPage(c: Context<SiteEnv>, servePath?: string): Promise<Response> {
  const token = readSessionToken(c);
  let session = null;
  try {
    session = await findSession(createDb(c.env), token);
  } catch (err) {
    if (isDatabaseUnavailable(err)) return databaseUnavailablePage();
    throw err;
  }
  if (!session) {
    // The login page returns to where the visitor was going (it accepts same-site paths only).
    const next = new URL(c.req.url).pathname;
    const location = `/admin-login?next=${encodeURIComponent(next)}`;
    return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
  }
  // D35: a page the account's role does not open sends it to its own start page.
  const path = new URL(c.req.url).pathname.replace(/\/$/, '') || '/';
  if (!mayOpen(session.role, path)) {
    return new Response(null, { status: 302, headers: { location: homeOf(session.role), 'cache-control': 'no-store' } });
  }
  // Dynamic admin routes (/product-image-manager/{id}) are served by one built shell page.
  const page = await staticFile(c, servePath);
  const headers = new Headers(page.headers);
  headers.set('cache-control', 'no-store');
  return new Response(page.body, { status: page.status, headers });
}
