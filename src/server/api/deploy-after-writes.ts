import type { MiddlewareHandler } from 'hono';
import { readBuiltCatalogue } from '../../features/publish/built.server.ts';
import { callDeployHookIfDue } from '../../features/publish/deploy-hook.server.ts';
import { inBackground } from './background.ts';
import type { AppEnv } from './env.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After an admin write that succeeded, asks for a new build of the static pages when they are now
 * behind the catalogue (docs/decisions/0013). After the answer: the call is spaced, recorded, and
 * never delays or fails the write.
 */
export const deployAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const env = c.env ?? {};
  if (!env.DEPLOY_HOOK_URL || READS.has(c.req.method) || c.res.status < 200 || c.res.status >= 300) return;
  const db = c.var.db;
  inBackground(
    c,
    readBuiltCatalogue(env.ASSETS, new URL(c.req.url).origin).then((built) => callDeployHookIfDue(db, env, built)),
  );
};
