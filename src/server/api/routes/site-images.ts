import { Hono } from 'hono';
import { listActiveSiteImages } from '../../../features/catalog/catalog.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';

export const siteImagesRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', CACHE.siteImages);
  return c.json(await listActiveSiteImages(c.var.db));
});
