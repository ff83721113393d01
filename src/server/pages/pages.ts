/**
 * Handlers for page routes that static files alone cannot answer. The Pages Functions in
 * functions/ hand their requests here (DESIGN: no logic in functions/).
 */
import type { Fetcher } from '@cloudflare/workers-types';
import { createDb } from '../../db/client.web.ts';
import { findSession } from '../../features/admin/accounts.server.ts';
import { homeOf, mayOpen } from '../../features/admin/roles.ts';
import { BASE_SECURITY_HEADERS, pageCsp } from '../../features/site/security-headers.ts';
import { sessionCookieName } from '../api/admin-auth.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../api/db-errors.ts';
import type { Bindings } from '../api/env.ts';
import { fetchFrom } from '../platform.ts';

export interface PagesContext {
  request: Request;
  env: Bindings & { ASSETS: Fetcher };
  next: () => Promise<Response>;
}

/** Serves a built page's body under another URL with the given status. */
export async function serveBuiltPage(ctx: PagesContext, path: string, status: number): Promise<Response> {
  const page = await fetchFrom(ctx.env.ASSETS, new URL(path, ctx.request.url));
  const headers = new Headers(page.headers);
  // The answer depends on the catalogue: caches must ask again.
  headers.set('cache-control', 'no-cache');
  return new Response(page.body, { status, headers });
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * A staff page's answer while the database is down: the session cannot be checked, so no page is
 * served, and sending the person to sign in again would not help either. Plain words, no script.
 */
function databaseUnavailablePage(): Response {
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
      ...BASE_SECURITY_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': pageCsp([]),
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
export async function adminPage(ctx: PagesContext, servePath?: string): Promise<Response> {
  const token = cookieValue(ctx.request.headers.get('cookie'), sessionCookieName(ctx.request.url));
  let session = null;
  try {
    session = await findSession(createDb(ctx.env), token);
  } catch (err) {
    if (isDatabaseUnavailable(err)) return databaseUnavailablePage();
    throw err;
  }
  if (!session) {
    // The login page returns to where the visitor was going (it accepts same-site paths only).
    const next = new URL(ctx.request.url).pathname;
    const location = `/admin-login?next=${encodeURIComponent(next)}`;
    return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
  }
  // D35: a page the account's role does not open sends it to its own start page.
  const path = new URL(ctx.request.url).pathname.replace(/\/$/, '') || '/';
  if (!mayOpen(session.role, path)) {
    return new Response(null, { status: 302, headers: { location: homeOf(session.role), 'cache-control': 'no-store' } });
  }
  // Dynamic admin routes (/product-image-manager/{id}) are served by one built shell page.
  const page = servePath ? await fetchFrom(ctx.env.ASSETS, new URL(servePath, ctx.request.url)) : await ctx.next();
  const headers = new Headers(page.headers);
  headers.set('cache-control', 'no-store');
  return new Response(page.body, { status: page.status, headers });
}
