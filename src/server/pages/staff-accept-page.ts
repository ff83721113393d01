/**
 * D37: GET /staff/accept?token=…, the one-time link's page, drawn by the function so it works
 * before scripts (decision 0020): a live link gets its token and purpose written into the form's
 * hidden fields; a dead one gets the one sentence every dead link gets, and no form.
 */
import type { Context } from 'hono';
import { createDb } from '../../db/client.web.ts';
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';
import { splicePage, TemplateMismatch } from '../../features/publish/draw.ts';
import { livePurpose } from '../../features/staff/staff-links.server.ts';
import { ACCEPT_PATH, DEAD_LINK_MESSAGE } from '../../features/staff/staff-links.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isDatabaseUnavailable } from '../api/db-errors.ts';
import { type SiteEnv, staticFile } from './pages.ts';

const ISLAND = 'StaffAccept';
const PROBLEM_CLASS = 'mb-4 rounded-lg border border-red-600 bg-red-50 p-4 text-sm text-red-700';

/** The page's text with the link's state drawn in; `purpose` undefined when it could not be read. */
export function drawAcceptPage(html: string, token: string, purpose: StaffTokenPurpose | null | undefined): string {
  const dead = purpose === null;
  let found = false;
  const drawn = splicePage(html, {
    part: (name) =>
      name === 'link-problem' && dead
        ? `<div role="alert" class="${PROBLEM_CLASS}"><p class="font-semibold">${escapeHtml(DEAD_LINK_MESSAGE)}</p></div>`
        : '',
    island(mark) {
      if (mark.name !== ISLAND) return undefined;
      found = true;
      if (dead) return null;
      return { values: { token, ...(purpose ? { purpose } : {}) } };
    },
  });
  if (!found) throw new TemplateMismatch(`${ACCEPT_PATH} has no island '${ISLAND}' in its <main>`);
  return drawn;
}

export async function staffAcceptPage(c: Context<SiteEnv>): Promise<Response> {
  const built = await staticFile(c, ACCEPT_PATH);
  if (built.status !== 200) return built;
  const token = new URL(c.req.url).searchParams.get('token') ?? '';
  let purpose: StaffTokenPurpose | null | undefined;
  try {
    purpose = await livePurpose(createDb(c.env), token);
  } catch (err) {
    // The form still gets its token: its post says what is wrong when the database is back.
    if (!isDatabaseUnavailable(err)) throw err;
  }
  const html = await built.text();
  let drawn = html;
  try {
    drawn = drawAcceptPage(html, token, purpose);
  } catch (err) {
    if (!(err instanceof TemplateMismatch)) throw err;
    console.error('Drawing the staff link page failed', err);
  }
  const headers = new Headers(built.headers);
  headers.delete('content-length');
  headers.delete('etag');
  headers.set('cache-control', 'no-store');
  // The token is in this page's address: no other site may see it in a Referer.
  headers.set('referrer-policy', 'same-origin');
  headers.set('x-robots-tag', 'noindex, nofollow');
  return new Response(c.req.method === 'HEAD' ? null : drawn, { status: 200, headers });
}
