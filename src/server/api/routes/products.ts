import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam, ProductsQuery } from '../../../features/catalog/catalog.schema.ts';
import { getProduct, searchProducts } from '../../../features/catalog/catalog.server.ts';
import { notFound } from '../../../lib/http-error.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

/**
 * Price and stock answers are read afresh for every request, so a change is in the very next
 * answer; a revalidating client gets a 304 from the ETag (app.ts).
 */
export const productsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', ProductsQuery, 'search'), async (c) => {
    const { products, total } = await searchProducts(c.var.db, c.req.valid('query'));
    // The body stays the spec's array; paging callers read the match count here.
    return c.json(products, 200, { 'Cache-Control': CACHE.live, 'X-Total-Count': String(total) });
  })
  .get('/:id', valid('param', v.object({ id: IdParam }), 'id'), async (c) => {
    const product = await getProduct(c.var.db, c.req.valid('param').id);
    if (!product) throw notFound('Product');
    c.header('Cache-Control', CACHE.live);
    return c.json(product);
  });
