import { Hono } from 'hono';
import { IdParam, ProductsQuery } from '../../features/catalog/catalog.schema.ts';
import { getProduct, searchProducts } from '../../features/catalog/catalog.server.ts';
import { notFound } from '../../lib/http-error.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { parseOr400 } from '../validate.ts';

export const productsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOr400(ProductsQuery, c.req.query(), 'search');
    const { products, total } = await searchProducts(c.var.db, query);
    c.header('Cache-Control', CACHE.live);
    // The body stays the spec's array; paging callers read the match count here.
    c.header('X-Total-Count', String(total));
    return c.json(products);
  })
  .get('/:id', async (c) => {
    const id = parseOr400(IdParam, c.req.param('id'), 'id');
    const product = await getProduct(c.var.db, id);
    if (!product) throw notFound('Product');
    c.header('Cache-Control', CACHE.live);
    return c.json(product);
  });
