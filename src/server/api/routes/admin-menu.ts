import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { createMenuItem, listAdminCategories, reorderMenu, setRetired, updateMenuItem } from '../../../features/menu/categories.server.ts';
import { createDeal, deleteDeal, getDeal, listDeals, updateDeal } from '../../../features/menu/deals.server.ts';
import {
  CategoryCreate,
  CategoryUpdate,
  DealInput,
  DealUpdate,
  MenuOrder,
  StrainCreate,
  StrainUpdate,
} from '../../../features/menu/menu.schema.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/** An item's path ('productIds.3') reported as its list's field, which is what the form shows. */
const topField = { fieldName: (path: string) => path.split('.')[0] ?? path };

/** M3: who made a change, as the audit trail records it. */

/**
 * Categories and strains (M1, M4), mounted inside the admin router (behind its guard). Strains are
 * categories beneath Flower with a type, effects and best-for of their own.
 */
const categoryRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listAdminCategories(c.var.db)))
  .post('/', jsonOnly, valid('json', CategoryCreate, 'name'), async (c) =>
    c.json(await createMenuItem(c.var.db, adminActor(c), 'category', c.req.valid('json')), 201),
  )
  .put('/order', jsonOnly, valid('json', MenuOrder, 'ids', topField), async (c) =>
    c.json(await reorderMenu(c.var.db, adminActor(c), 'category', c.req.valid('json').ids)),
  )
  .patch('/:id', IdInPath, jsonOnly, valid('json', CategoryUpdate, 'name'), async (c) =>
    c.json(await updateMenuItem(c.var.db, adminActor(c), 'category', c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/retire', IdInPath, async (c) => c.json(await setRetired(c.var.db, adminActor(c), 'category', c.req.valid('param').id, true)))
  .post('/:id/restore', IdInPath, async (c) =>
    c.json(await setRetired(c.var.db, adminActor(c), 'category', c.req.valid('param').id, false)),
  );

const strainRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listAdminCategories(c.var.db, 'strain')))
  .post('/', jsonOnly, valid('json', StrainCreate, 'name'), async (c) =>
    c.json(await createMenuItem(c.var.db, adminActor(c), 'strain', c.req.valid('json')), 201),
  )
  .put('/order', jsonOnly, valid('json', MenuOrder, 'ids', topField), async (c) =>
    c.json(await reorderMenu(c.var.db, adminActor(c), 'strain', c.req.valid('json').ids)),
  )
  .patch('/:id', IdInPath, jsonOnly, valid('json', StrainUpdate, 'name'), async (c) =>
    c.json(await updateMenuItem(c.var.db, adminActor(c), 'strain', c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/retire', IdInPath, async (c) => c.json(await setRetired(c.var.db, adminActor(c), 'strain', c.req.valid('param').id, true)))
  .post('/:id/restore', IdInPath, async (c) => c.json(await setRetired(c.var.db, adminActor(c), 'strain', c.req.valid('param').id, false)));

/** D32: deals as data, with their window in New York time. */
const dealRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ deals: await listDeals(c.var.db) }))
  .post('/', jsonOnly, valid('json', DealInput, 'name', topField), async (c) =>
    c.json(await createDeal(c.var.db, adminActor(c), c.req.valid('json')), 201),
  )
  .get('/:id', IdInPath, async (c) => c.json(await getDeal(c.var.db, c.req.valid('param').id)))
  .patch('/:id', IdInPath, jsonOnly, valid('json', DealUpdate, 'name', topField), async (c) =>
    c.json(await updateDeal(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', IdInPath, async (c) => {
    await deleteDeal(c.var.db, adminActor(c), c.req.valid('param').id);
    return c.json({ deleted: true });
  });

/** The menu's admin routes, for the admin router to mount at its root. */
export const adminMenuRoutes = new Hono<AppEnv>()
  .route('/categories', categoryRoutes)
  .route('/strains', strainRoutes)
  .route('/deals', dealRoutes);
