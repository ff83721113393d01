import { Hono } from 'hono';
import { allLimits } from '../../../features/orders/orders.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';

/** D15: the purchase limits, for the cart's limit meter. */
export const limitsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', CACHE.catalogueStructure);
  return c.json(await allLimits(c.var.db));
});
