import { Hono } from 'hono';
import * as v from 'valibot';
import { InventoryUpdate, ProductUpdate } from '../../../features/admin/admin.schema.ts';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { listProductsForAdmin } from '../../../features/catalog/catalog.server.ts';
import { setAvailability, updateProduct } from '../../../features/catalog/catalog-admin.server.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

/** Digits only, so a literal path beside these (`/products/export.csv`) is never read as an id. */
const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/**
 * The product manager's routes (admin.md §2, §7), mounted inside the admin router, so behind its
 * session guard and same-origin check.
 */
export const adminProductRoutes = new Hono<AppEnv>()
  .get('/products', async (c) => c.json(await listProductsForAdmin(c.var.db)))
  .patch('/products/:id', IdInPath, jsonOnly, valid('json', ProductUpdate, 'product'), async (c) => {
    return c.json(await updateProduct(c.var.db, c.req.valid('param').id, c.req.valid('json')));
  })
  .patch('/products/:id/inventory', IdInPath, jsonOnly, valid('json', InventoryUpdate, 'inStock'), async (c) => {
    return c.json(await setAvailability(c.var.db, c.req.valid('param').id, c.req.valid('json').inStock));
  });
