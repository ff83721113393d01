import { Hono } from 'hono';
import * as v from 'valibot';
import { auditTrail } from '../../../features/audit/audit.server.ts';
import { StateCode, StatePatch } from '../../../features/delivery/states.schema.ts';
import { listStates, patchState, stateByCode } from '../../../features/delivery/states.server.ts';
import { adminState, publicState } from '../../../features/delivery/states.ts';
import { adminActor } from '../admin-auth.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const CodeInPath = valid('param', v.object({ code: StateCode }), 'code');

/** D38: GET /api/states, what each state allows today, read afresh so a change shows at once. */
export const statesRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const now = Date.now();
  c.header('Cache-Control', CACHE.live);
  return c.json((await listStates(c.var.db)).map((s) => publicState(s, now)));
});

/**
 * D38 under /api/admin/states: the rules with their sources, what waits to be confirmed, each
 * state's history (M3), and changes. Mounted inside the admin router (its guard); ROLE_PATHS opens
 * none of it to dispatchers or drivers.
 */
export const adminStatesRoutes = new Hono<AppEnv>()
  .get('/states', async (c) => {
    const now = Date.now();
    return c.json({ states: (await listStates(c.var.db)).map((s) => adminState(s, now)) });
  })
  .get('/states/:code/history', CodeInPath, async (c) => {
    const state = await stateByCode(c.var.db, c.req.valid('param').code);
    return c.json({ history: await auditTrail(c.var.db, 'state', state.id) });
  })
  .patch('/states/:code', CodeInPath, jsonOnly, valid('json', StatePatch, 'state'), async (c) => {
    const state = await patchState(c.var.db, adminActor(c), c.req.valid('param').code, c.req.valid('json'));
    return c.json(adminState(state, Date.now()));
  });
