import { Hono } from 'hono';
import { IdParam, ProductsQuery } from '../../../features/catalog/catalog.schema.ts';
import { getProductsAt, searchProducts } from '../../../features/catalog/catalog.server.ts';
import type { ApiProduct } from '../../../features/catalog/catalog.ts';
import { GroupCommits } from '../../../lib/group-commit.ts';
import { notFound } from '../../../lib/http-error.ts';
import { keepAlive } from '../background.ts';
import { CACHE } from '../cache.ts';
import { databaseKey } from '../database-key.ts';
import type { AppEnv } from '../env.ts';
import { catalogueJson } from '../read-cache.ts';
import { parseOr400 } from '../validate.ts';

/**
 * Collapsed reads (issue 10: catalogue reads under load). Product lookups that are built while one
 * is being read go to the database together as one `id in (...)` query; answers are kept and
 * reused while the catalogue is unchanged (../read-cache.ts).
 */
const productReads = new GroupCommits<number, { stamp: string | null; product: ApiProduct | null }>(100);

export const productsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOr400(ProductsQuery, c.req.query(), 'search');
    c.header('Cache-Control', CACHE.live);
    // The parsed query names the answer: two spellings of the same search share it.
    return catalogueJson(c, `products?${JSON.stringify(query)}`, async () => {
      const { products, total } = await searchProducts(c.var.db, query);
      // The body stays the spec's array; paging callers read the match count here.
      return { value: products, headers: { 'X-Total-Count': String(total) } };
    });
  })
  .get('/:id', async (c) => {
    const id = parseOr400(IdParam, c.req.param('id'), 'id');
    const db = c.var.db;
    c.header('Cache-Control', CACHE.live);
    return catalogueJson(
      c,
      `product/${id}`,
      async () => {
        const { stamp, product } = await productReads.submit(
          databaseKey(c),
          id,
          async (ids) => {
            const read = await getProductsAt(db, ids);
            return read.products.map((product) => ({ ok: true, value: { stamp: read.stamp, product } }));
          },
          (work) => keepAlive(c, work),
        );
        // Not kept: a product added later must be found at once (and the miss costs one query).
        if (!product) throw notFound('Product');
        return { value: product, stamp };
      },
      { stampedBuild: true },
    );
  });
