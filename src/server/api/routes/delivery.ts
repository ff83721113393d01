import { Hono } from 'hono';
import * as v from 'valibot';
import { ZipCode } from '../../../features/compliance/zip.ts';
import { windowsForZip } from '../../../features/delivery/windows.server.ts';
import { quoteZip } from '../../../features/delivery/zones.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

const ZipQuery = v.object({ zip: ZipCode });

export const deliveryRoutes = new Hono<AppEnv>()
  /** D31, D38: what delivery to a ZIP costs and who may buy there, or why we do not deliver there. */
  .get('/quote', valid('query', ZipQuery, 'zip'), async (c) => {
    const { zip } = c.req.valid('query');
    // The state's rules are read on every request, but a browser may keep an answer for the cache's
    // minute: a state change reaches it within that minute, and checkout decides on fresh rows anyway.
    c.header('Cache-Control', CACHE.deliveryQuote);
    return c.json(await quoteZip(c.var.db, zip));
  })
  /** D36, D38: the windows a shopper in this ZIP can book now, within the state's hours, with their places left. */
  .get('/windows', valid('query', ZipQuery, 'zip'), async (c) => {
    const { zip } = c.req.valid('query');
    c.header('Cache-Control', CACHE.deliveryWindows);
    return c.json(await windowsForZip(c.var.db, zip, Date.now()));
  });
