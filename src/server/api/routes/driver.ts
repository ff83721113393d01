import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { driverAssignments } from '../../../features/dispatch/door.server.ts';
import { driverOfStaff } from '../../../features/dispatch/drivers.server.ts';
import { ownRun } from '../../../features/dispatch/runs.server.ts';
import { adminOnly } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';
import { doorMoveRoutes } from './admin-door.ts';

/**
 * The driver's day (D30, D35): their own stops today in New York, and the moves at the door on
 * those only; their own runs of today with the manifests they carry (D40). Another order or run,
 * another driver's or another day's, answers 404 as if it did not exist.
 */
export const driverRoutes = new Hono<AppEnv>()
  .use(...adminOnly)
  .get('/assignments', async (c) => c.json(await driverAssignments(c.var.db, c.var.admin.adminId)))
  .get('/runs/:id', valid('param', v.object({ id: IdParam }), 'id'), async (c) =>
    c.json(await ownRun(c.var.db, c.var.admin.adminId, c.req.valid('param').id)),
  )
  .route(
    '/orders',
    doorMoveRoutes(async (c) => ({ via: 'driver', driverId: (await driverOfStaff(c.var.db, c.var.admin.adminId))?.id ?? null })),
  );
