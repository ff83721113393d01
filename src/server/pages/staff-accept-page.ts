/**
 * D37: GET /staff/accept?token=…, the one-time link's page, drawn by the function so it works
 * before scripts (decision 0020): a live link gets its token and purpose written into the form's
 * hidden fields; a dead one gets the one sentence every dead link gets, and no form.
 */
import type { Context } from 'hono';
import { createDb } from '../../db/client.web.ts';
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';
import { spliceIsland, TemplateMismatch } from '../../features/publish/draw.ts';
import { livePurpose } from '../../features/staff/staff-links.server.ts';
import { ACCEPT_ISLAND, ACCEPT_PATH, DEAD_LINK_MESSAGE } from '../../features/staff/staff-links.ts';
import { isDatabaseUnavailable } from '../api/db-errors.ts';
import { problemHtml } from '../api/form-post.ts';
import { drawnPage, type SiteEnv, staticFile } from './pages.ts';

/** The page's text with the link's state drawn in; `purpose` undefined when it could not be read. */
function drawAcceptPage(html: string, token: string, purpose: StaffTokenPurpose | null | undefined): string {
  const dead = purpose === null;
  return spliceIsland(
    html,
    { page: ACCEPT_PATH, island: ACCEPT_ISLAND },
    () => (dead ? null : { values: { token, ...(purpose ? { purpose } : {}) } }),
    { part: (name) => (name === 'link-problem' && dead ? problemHtml(DEAD_LINK_MESSAGE) : '') },
  );
}

export async function staffAcceptPage(c: Context<SiteEnv>): Promise<Response> {
  const token = new URL(c.req.url).searchParams.get('token') ?? '';
  // The link is read while the built page is fetched; undefined when the database is away, and
  // the form still gets its token: its post says what is wrong when the database is back.
  const reading = livePurpose(createDb(c.env), token).catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) return undefined;
    throw err;
  });
  const built = await staticFile(c, ACCEPT_PATH);
  const purpose = await reading;
  if (built.status !== 200) return built;
  const html = await built.text();
  let drawn = html;
  try {
    drawn = drawAcceptPage(html, token, purpose);
  } catch (err) {
    if (!(err instanceof TemplateMismatch)) throw err;
    console.error('Drawing the staff link page failed', err);
  }
  return drawnPage(c, built, drawn, {
    'cache-control': 'no-store',
    // The token is in this page's address: no other site may see it in a Referer.
    'referrer-policy': 'same-origin',
    'x-robots-tag': 'noindex, nofollow',
  });
}
