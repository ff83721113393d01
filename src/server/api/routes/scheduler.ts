import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { runScheduledJobs } from '../../../features/scheduler/jobs.server.ts';
import { SCHEDULER_AUTH_SCHEME } from '../../../features/scheduler/scheduler.ts';
import { sameSecret } from '../../../lib/same-secret.ts';
import { inBackground } from '../background.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';

/**
 * Only the scheduler Worker, which holds SCHEDULER_SECRET, gets past this; anyone else (no secret
 * set, no header, a wrong one) gets the API's ordinary 404 for an unknown path, so the routes do not
 * reveal that they exist (docs/decisions/0021).
 */
const schedulerOnly = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.SCHEDULER_SECRET?.trim() ?? '';
  const header = c.req.header('authorization') ?? '';
  const prefix = `${SCHEDULER_AUTH_SCHEME} `;
  const given = header.startsWith(prefix) ? header.slice(prefix.length).trim() : '';
  if (expected === '' || given === '' || !(await sameSecret(given, expected))) return c.notFound();
  return next();
});

/** POST /api/scheduler/run: the scheduled jobs, run now; the answer says what each did. */
export const schedulerRoutes = new Hono<AppEnv>().use(schedulerOnly).post('/run', async (c) => {
  const run = await runScheduledJobs({
    db: c.var.db,
    env: c.env,
    now: Date.now(),
    assets: c.env.ASSETS,
    origin: new URL(c.req.url).origin,
    keepAlive: (work) => inBackground(c, work),
  });
  c.header('Cache-Control', CACHE.none);
  return c.json(run);
});
