import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import {
  ClosedDateInput,
  DateText,
  ScheduleInput,
  ZoneCreate,
  ZoneUpdate,
  ZoneZips,
} from '../../../features/delivery/delivery-settings.schema.ts';
import {
  addClosedDate,
  createZone,
  listClosedDates,
  listZones,
  readSchedule,
  removeClosedDate,
  saveSchedule,
  updateZone,
} from '../../../features/delivery/delivery-settings.server.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');
const DateInPath = valid('param', v.object({ date: DateText }), 'date');

/**
 * D31 zones, D36 schedule and closed dates, under /api/admin/delivery. Mounted inside the admin
 * router (its guard); ROLE_PATHS opens none of it to dispatchers or drivers, so only admins reach it.
 */
export const adminDeliverySettingsRoutes = new Hono<AppEnv>()
  .get('/zones', async (c) => c.json({ zones: await listZones(c.var.db) }))
  .post('/zones', jsonOnly, valid('json', ZoneCreate, 'name'), async (c) =>
    c.json(await createZone(c.var.db, adminActor(c), c.req.valid('json')), 201),
  )
  .patch('/zones/:id', IdInPath, jsonOnly, valid('json', ZoneUpdate, 'name'), async (c) =>
    c.json(await updateZone(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/zones/:id/zips', IdInPath, jsonOnly, valid('json', ZoneZips, 'zips'), async (c) =>
    c.json(await updateZone(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .get('/schedule', async (c) => c.json(await readSchedule(c.var.db)))
  .put('/schedule', jsonOnly, valid('json', ScheduleInput, 'windows'), async (c) =>
    c.json(await saveSchedule(c.var.db, adminActor(c), c.req.valid('json'))),
  )
  .get('/closed-dates', async (c) => c.json({ closedDates: await listClosedDates(c.var.db) }))
  .post('/closed-dates', jsonOnly, valid('json', ClosedDateInput, 'date'), async (c) =>
    c.json(await addClosedDate(c.var.db, adminActor(c), c.req.valid('json')), 201),
  )
  .delete('/closed-dates/:date', DateInPath, async (c) => {
    const { date } = c.req.valid('param');
    await removeClosedDate(c.var.db, adminActor(c), date);
    return c.json({ deleted: true, date });
  });
