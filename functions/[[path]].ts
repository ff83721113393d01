// Adapter only (DESIGN: no logic in functions/): Hono's adapter for Pages Functions hands every
// request Pages sends the functions (dist/_routes.json) to the site's one router.
import { handle } from 'hono/cloudflare-pages';
import { site } from '../src/server/site.ts';

export const onRequest = handle(site);
