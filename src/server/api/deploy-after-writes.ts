import type { MiddlewareHandler } from 'hono';
import { readBuiltCatalogue } from '../../features/publish/built.server.ts';
import { callDeployHookIfDue } from '../../features/publish/deploy-hook.server.ts';
import { forgetCatalogueState } from '../catalogue-edge.ts';
import { inBackground } from './background.ts';
import type { AppEnv } from './env.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After an admin write that succeeded: this colo forgets its copy of the catalogue's state before
 * the answer, so the next page view here shows the change (docs/decisions/0017); and, when the
 * static pages are now behind the catalogue, a new build is asked for (docs/decisions/0013), after
 * the answer: the call is spaced, recorded, and never delays or fails the write.
 */
export const deployAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (READS.has(c.req.method) || c.res.status < 200 || c.res.status >= 300) return;
  await forgetCatalogueState(new URL(c.req.url).origin);
  if (!c.env.DEPLOY_HOOK_URL) return;
  const db = c.var.db;
  inBackground(
    c,
    readBuiltCatalogue(c.env.ASSETS, new URL(c.req.url).origin).then((built) => callDeployHookIfDue(db, c.env, built)),
  );
};
