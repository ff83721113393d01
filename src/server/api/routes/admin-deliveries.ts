/**
 * Dispatch (D30, D35, D36, D40): drivers, vehicles, a day's deliveries by window, assigning
 * drivers, runs and their manifests. Mounted inside the admin router, behind its guard; roles.ts
 * opens /api/admin/deliveries, /api/admin/drivers, /api/admin/vehicles and /api/admin/runs to
 * dispatchers.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { nyDate } from '../../../features/delivery/windows.ts';
import { AssignInput, DeliveriesQuery, ManifestQuery } from '../../../features/dispatch/dispatch.schema.ts';
import { assignDeliveries, deliveriesOfDay, driverManifest } from '../../../features/dispatch/dispatch.server.ts';
import { DriverInput, DriverUpdate } from '../../../features/dispatch/drivers.schema.ts';
import { createDriver, listDrivers, updateDriver } from '../../../features/dispatch/drivers.server.ts';
import { RunInput, RunsQuery, RunUpdate } from '../../../features/dispatch/runs.schema.ts';
import { createRun, deleteRun, getRun, runsOfDay, updateRun } from '../../../features/dispatch/runs.server.ts';
import { VehicleInput, VehicleUpdate } from '../../../features/dispatch/vehicles.schema.ts';
import { createVehicle, listVehicles, updateVehicle } from '../../../features/dispatch/vehicles.server.ts';
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

/** D40: the vehicles that carry runs. */
const vehicleRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ vehicles: await listVehicles(c.var.db) }))
  .post('/', jsonOnly, valid('json', VehicleInput, 'make', { status: 422 }), async (c) =>
    c.json(await createVehicle(c.var.db, c.req.valid('json')), 201),
  )
  .patch('/:id', IdInPath, jsonOnly, valid('json', VehicleUpdate, 'make', { status: 422 }), async (c) =>
    c.json(await updateVehicle(c.var.db, c.req.valid('param').id, c.req.valid('json'))),
  );

/** D40: runs (a driver, a vehicle, orders in stop order, planned times) and their kept manifests. */
const runRoutes = new Hono<AppEnv>()
  .get('/', valid('query', RunsQuery, 'date', { status: 422 }), async (c) =>
    c.json({ runs: await runsOfDay(c.var.db, c.req.valid('query').date ?? nyDate(Date.now())) }),
  )
  .post('/', jsonOnly, valid('json', RunInput, 'driverId', { status: 422, ...topField }), async (c) =>
    c.json(await createRun(c.var.db, c.req.valid('json'), adminActor(c)), 201),
  )
  .get('/:id', IdInPath, async (c) => c.json(await getRun(c.var.db, c.req.valid('param').id)))
  .patch('/:id', IdInPath, jsonOnly, valid('json', RunUpdate, 'orderRefs', { status: 422, ...topField }), async (c) =>
    c.json(await updateRun(c.var.db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', IdInPath, async (c) => {
    await deleteRun(c.var.db, c.req.valid('param').id);
    return c.json({ deleted: true });
  });

/** Dispatch's admin routes, for the admin router to mount at its root. */
export const adminDeliveryRoutes = new Hono<AppEnv>()
  .route('/drivers', driverRoutes)
  .route('/vehicles', vehicleRoutes)
  .route('/runs', runRoutes)
  .route('/deliveries', deliveryRoutes);
