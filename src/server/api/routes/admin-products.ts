import { Hono } from 'hono';
import * as v from 'valibot';
import { BulkEdit, BulkQuery, InventoryUpdate, ProductCreate, ProductUpdate, StockChange } from '../../../features/admin/admin.schema.ts';
import { auditTrail } from '../../../features/audit/audit.server.ts';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { getProductForAdmin, listProductsForAdmin } from '../../../features/catalog/catalog.server.ts';
import { bulkEdit, createProduct, deleteProduct, setAvailability, updateProduct } from '../../../features/menu/products.server.ts';
import { changeStock, productLedger } from '../../../features/menu/stock.server.ts';
import { notFound } from '../../../lib/http-error.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

/** Digits only, so a literal path beside these (`/products/export.csv`) is never read as an id. */
const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/** Who the ledger and the audit trail name for a change made here. */

/**
 * The product manager's routes (admin.md §2, §7; D33; M1-M3), mounted inside the admin router, so
 * behind its session guard and same-origin check.
 */
export const adminProductRoutes = new Hono<AppEnv>()
  .get('/products', async (c) => c.json(await listProductsForAdmin(c.var.db)))
  .post('/products', jsonOnly, valid('json', ProductCreate, 'product'), async (c) => {
    return c.json(await createProduct(c.var.db, adminActor(c), c.req.valid('json')), 201);
  })
  .post('/products/bulk', valid('query', BulkQuery, 'preview'), jsonOnly, valid('json', BulkEdit, 'ids'), async (c) => {
    const { preview } = c.req.valid('query');
    return c.json(await bulkEdit(c.var.db, adminActor(c), c.req.valid('json'), preview === '1' || preview === 'true'));
  })
  .patch('/products/:id', IdInPath, jsonOnly, valid('json', ProductUpdate, 'product'), async (c) => {
    return c.json(await updateProduct(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/products/:id', IdInPath, async (c) => {
    const { id } = c.req.valid('param');
    await deleteProduct(c.var.db, adminActor(c), id);
    return c.json({ deleted: true, id });
  })
  .patch('/products/:id/inventory', IdInPath, jsonOnly, valid('json', InventoryUpdate, 'inStock'), async (c) => {
    return c.json(await setAvailability(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json').inStock));
  })
  .get('/products/:id/ledger', IdInPath, async (c) => c.json(await productLedger(c.var.db, c.req.valid('param').id)))
  .post('/products/:id/stock', IdInPath, jsonOnly, valid('json', StockChange, 'quantity'), async (c) => {
    return c.json(await changeStock(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .get('/products/:id/audit', IdInPath, async (c) => {
    const { id } = c.req.valid('param');
    const entries = await auditTrail(c.var.db, 'product', id);
    // A deleted product keeps its trail; an id that never named a product has none.
    if (entries.length === 0 && !(await getProductForAdmin(c.var.db, id))) throw notFound('Product');
    return c.json({ entries });
  });
