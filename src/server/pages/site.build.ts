/**
 * Astro integration: writes dist/_routes.json, the list of paths for which Cloudflare Pages starts
 * the functions (everything else is served as a static file without a Worker). It comes from the
 * site router's own table, so the two cannot disagree.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FUNCTION_ROUTES } from './site-routes.ts';

export function functionRoutes(): AstroIntegration {
  return {
    name: 'greenline:function-routes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const spec = { version: 1, description: 'Written by the build (src/server/site.build.ts)', include: FUNCTION_ROUTES, exclude: [] };
        await writeFile(path.join(fileURLToPath(dir), '_routes.json'), `${JSON.stringify(spec, null, 2)}\n`);
        logger.info(`_routes.json: ${FUNCTION_ROUTES.length} function routes`);
      },
    },
  };
}
