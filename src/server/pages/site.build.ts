/**
 * Astro integration: writes dist/_routes.json, the list of paths for which Cloudflare Pages starts
 * the functions (everything else is served as a static file without a Worker). The list is read
 * from the routes siteRoutes() registers on Hono, the same registration site.ts serves with, so
 * the two cannot disagree.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { includeList, siteRoutes } from './site-routes.ts';

/** The build reads the routes' paths only; no request ever reaches this handler. */
const neverCalled = () => {
  throw new Error('The build only reads the site routes');
};

/** The include list of dist/_routes.json. */
export const FUNCTION_ROUTES: readonly string[] = includeList(siteRoutes(() => neverCalled).routes);

export function functionRoutes(): AstroIntegration {
  return {
    name: 'greenline:function-routes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const spec = {
          version: 1,
          description: 'Written by the build (src/server/pages/site.build.ts)',
          include: FUNCTION_ROUTES,
          exclude: [],
        };
        await writeFile(path.join(fileURLToPath(dir), '_routes.json'), `${JSON.stringify(spec, null, 2)}\n`);
        logger.info(`_routes.json: ${FUNCTION_ROUTES.length} function routes`);
      },
    },
  };
}
