import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { getCategoryWithProducts, getSubcategoryWithProducts, listCategories } from '../../../features/catalog/catalog.server.ts';
import { notFound } from '../../../lib/http-error.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

const ById = v.object({ id: IdParam });

export const categoriesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', CACHE.catalogueStructure);
    return c.json(await listCategories(c.var.db));
  })
  .get('/id/:id/products', valid('param', ById, 'id'), async (c) => {
    const result = await getCategoryWithProducts(c.var.db, c.req.valid('param').id);
    if (!result) throw notFound('Category');
    // The answer carries prices and stock, so it is as live as the product list.
    c.header('Cache-Control', CACHE.live);
    return c.json(result);
  });

export const subcategoriesRoutes = new Hono<AppEnv>().get('/:id/products', valid('param', ById, 'id'), async (c) => {
  const result = await getSubcategoryWithProducts(c.var.db, c.req.valid('param').id);
  if (!result) throw notFound('Strain');
  c.header('Cache-Control', CACHE.live);
  return c.json(result);
});
