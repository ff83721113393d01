import { Hono } from 'hono';
import * as v from 'valibot';
import { ZipCode } from '../../../features/compliance/zip.ts';
import { quoteZip } from '../../../features/delivery/zones.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

/** D31: what delivery to a ZIP costs, or that we do not deliver there yet. */
export const deliveryRoutes = new Hono<AppEnv>().get('/quote', valid('query', v.object({ zip: ZipCode }), 'zip'), async (c) => {
  const { zip } = c.req.valid('query');
  c.header('Cache-Control', CACHE.deliveryQuote);
  return c.json(await quoteZip(c.var.db, zip));
});
