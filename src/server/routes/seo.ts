import { Hono } from 'hono';
import { requireAdmin, sameOrigin } from '../admin-auth.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';

/** POST /api/seo/* (admin.md §7): admin only, same-origin writes, never cached. */
export const seoRoutes = new Hono<AppEnv>()
  .use(sameOrigin)
  .use(requireAdmin)
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', CACHE.none);
  });
