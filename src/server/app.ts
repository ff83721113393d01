import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv, DbFactory } from './env.ts';
import { onError, onNotFound } from './errors.ts';
import { categoriesRoutes, subcategoriesRoutes } from './routes/categories.ts';
import { healthRoutes } from './routes/health.ts';
import { productsRoutes } from './routes/products.ts';
import { siteImagesRoutes } from './routes/site-images.ts';

export interface AppOptions {
  db: DbFactory;
}

/** The whole API under /api. Handlers stay thin: validate, call a service, map the result. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>()
    .basePath('/api')
    .use(async (c, next) => {
      c.set('db', options.db(c.env));
      await next();
    })
    .use(etag())
    .route('/health', healthRoutes)
    .route('/products', productsRoutes)
    .route('/categories', categoriesRoutes)
    .route('/subcategories', subcategoriesRoutes)
    .route('/site-images', siteImagesRoutes);
  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
