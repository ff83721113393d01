/**
 * Dispatch (D30, D35, D36): drivers, a day's deliveries by window, assigning drivers, manifests.
 * Mounted inside the admin router, behind its guard; roles.ts opens /api/admin/deliveries and
 * /api/admin/drivers to dispatchers.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { nyDate } from '../../../features/delivery/windows.ts';
import { AssignInput, DeliveriesQuery, ManifestQuery } from '../../../features/dispatch/dispatch.schema.ts';
import { assignDeliveries, deliveriesOfDay, driverManifest } from '../../../features/dispatch/dispatch.server.ts';
import { DriverInput, DriverUpdate } from '../../../features/dispatch/drivers.schema.ts';
import { createDriver, listDrivers, updateDriver } from '../../../features/dispatch/drivers.server.ts';
import { adminActor } from '../admin-auth.ts';
import { deliverNow, siteUrl } from '../background.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/** A list item's path ('refs.3') reported as the list's field, which is what the screen shows. */
const topField = { fieldName: (path: string) => path.split('.')[0] ?? path };

const driverRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ drivers: await listDrivers(c.var.db) }))
  .post('/', jsonOnly, valid('json', DriverInput, 'name', { status: 422 }), async (c) =>
    c.json(await createDriver(c.var.db, c.req.valid('json')), 201),
  )
  .patch('/:id', IdInPath, jsonOnly, valid('json', DriverUpdate, 'name', { status: 422 }), async (c) =>
    c.json(await updateDriver(c.var.db, c.req.valid('param').id, c.req.valid('json'))),
  );

const deliveryRoutes = new Hono<AppEnv>()
  .get('/', valid('query', DeliveriesQuery, 'date', { status: 422 }), async (c) =>
    c.json(await deliveriesOfDay(c.var.db, c.req.valid('query').date ?? nyDate(Date.now()))),
  )
  .post('/assign', jsonOnly, valid('json', AssignInput, 'refs', { status: 422, ...topField }), async (c) => {
    const result = await assignDeliveries(c.var.db, c.req.valid('json'), adminActor(c), siteUrl(c));
    // The confirmations are delivered now when a provider is configured, as a status change's are.
    if (result.confirmed.length > 0) await deliverNow(c);
    return c.json(result);
  })
  .get('/manifest', valid('query', ManifestQuery, 'driver', { status: 422 }), async (c) => {
    const q = c.req.valid('query');
    return c.json(await driverManifest(c.var.db, { date: q.date ?? nyDate(Date.now()), time: q.window, driverId: q.driver }));
  });

/** Dispatch's admin routes, for the admin router to mount at its root. */
export const adminDeliveryRoutes = new Hono<AppEnv>().route('/drivers', driverRoutes).route('/deliveries', deliveryRoutes);
