import { type Context, Hono } from 'hono';
import { DeliveryCheck, DeliveryFailure, DoorRef, IdCheck } from '../../../features/dispatch/door.schema.ts';
import { type DoorRequest, type DoorScope, idCheck, markDelivered, markFailed, markOut } from '../../../features/dispatch/door.server.ts';
import { sendReportOf } from '../../../features/metrc/metrc.server.ts';
import { adminActor } from '../admin-auth.ts';
import { deliverNow, inBackground, siteUrl } from '../background.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const RefInPath = valid('param', DoorRef, 'ref');

/**
 * The three moves at the door (D30, D34) under `/:ref/out|delivered|failed`, and the ID's warning
 * before a handover under `/:ref/id-check` (D39), for a router that is already behind the staff
 * guard; `scope` says which orders the signed-in account may move. The customer's e-mail goes out
 * at once when a mail provider is configured (D18).
 */
export function doorMoveRoutes(scope: (c: Context<AppEnv>) => Promise<DoorScope>) {
  const request = async (c: Context<AppEnv>): Promise<DoorRequest> => ({
    actor: adminActor(c),
    siteUrl: siteUrl(c),
    scope: await scope(c),
  });
  return new Hono<AppEnv>()
    .post('/:ref/out', RefInPath, async (c) => {
      const moved = await markOut(c.var.db, c.req.valid('param').ref, await request(c));
      await deliverNow(c);
      return c.json(moved);
    })
    .post('/:ref/delivered', RefInPath, jsonOnly, valid('json', DeliveryCheck, 'idType'), async (c) => {
      const moved = await markDelivered(c.var.db, c.req.valid('param').ref, c.req.valid('json'), await request(c));
      await deliverNow(c);
      // D40: the handover's report to Metrc goes after the answer; the scheduled job sends whatever this misses.
      inBackground(c, sendReportOf(c.var.db, c.env, moved.ref));
      return c.json(moved);
    })
    .post('/:ref/id-check', RefInPath, jsonOnly, valid('json', IdCheck, 'idType'), async (c) =>
      c.json(await idCheck(c.var.db, c.req.valid('param').ref, c.req.valid('json'), await request(c))),
    )
    .post('/:ref/failed', RefInPath, jsonOnly, valid('json', DeliveryFailure, 'reason'), async (c) => {
      const moved = await markFailed(c.var.db, c.req.valid('param').ref, c.req.valid('json'), await request(c));
      await deliverNow(c);
      return c.json(moved);
    });
}

/** Dispatchers and admins move any order at the door, e.g. for a driver whose phone died (D35). */
export const adminDoorRoutes = new Hono<AppEnv>().route(
  '/deliveries',
  doorMoveRoutes(async () => ({ via: 'admin' })),
);
