import { Hono } from 'hono';
import { IdParam, ProductsQuery } from '../../features/catalog/catalog.schema.ts';
import { getProducts, searchProducts } from '../../features/catalog/catalog.server.ts';
import type { ApiProduct } from '../../features/catalog/catalog.ts';
import { GroupCommits } from '../../lib/group-commit.ts';
import { notFound } from '../../lib/http-error.ts';
import { keepAlive } from '../background.ts';
import { CACHE } from '../cache.ts';
import { databaseKey } from '../database-key.ts';
import type { AppEnv } from '../env.ts';
import { parseOr400 } from '../validate.ts';

/**
 * Collapsed reads (issue 10: catalogue reads under load). Product lookups that arrive while one is
 * being read go to the database together as one `id in (...)` query. Nothing is cached: every
 * answer comes from a query that started after its request arrived, so it is as fresh as a read of
 * its own.
 */
const productReads = new GroupCommits<number, ApiProduct | null>(100);

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
    const db = c.var.db;
    const product = await productReads.submit(
      databaseKey(c),
      id,
      async (ids) => (await getProducts(db, ids)).map((value) => ({ ok: true, value })),
      (work) => keepAlive(c, work),
    );
    if (!product) throw notFound('Product');
    c.header('Cache-Control', CACHE.live);
    return c.json(product);
  });
