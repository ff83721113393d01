import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { API_CSP, BASE_SECURITY_HEADERS } from '../../features/site/security-headers.ts';
import { r2Store } from '../platform.ts';
import type { AppEnv, DbFactory, ImageStoreFactory } from './env.ts';
import { onError, onNotFound } from './errors.ts';
import { adminRoutes } from './routes/admin.ts';
import { aiRoutes } from './routes/ai.ts';
import { categoriesRoutes, subcategoriesRoutes } from './routes/categories.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { contactRoutes } from './routes/contact.ts';
import { deliveryRoutes } from './routes/delivery.ts';
import { driverRoutes } from './routes/driver.ts';
import { healthRoutes } from './routes/health.ts';
import { imagesRoutes } from './routes/images.ts';
import { limitsRoutes } from './routes/limits.ts';
import { ordersRoutes } from './routes/orders.ts';
import { packagesRoutes } from './routes/packages.ts';
import { productsRoutes } from './routes/products.ts';
import { seoRoutes } from './routes/seo.ts';
import { siteImagesRoutes } from './routes/site-images.ts';
import { staffRoutes } from './routes/staff-accept.ts';
import { statesRoutes } from './routes/states.ts';

export interface AppOptions {
  db: DbFactory;
  /** Image storage; R2 from the IMAGES binding when not given. */
  images?: ImageStoreFactory;
  /** Astro's answer to a request, rendered in this one (the Worker gives it; the Node tests do not). */
  renderPage?: (c: Context<AppEnv>, request: Request) => Promise<Response>;
}

const fromBinding: ImageStoreFactory = (env) => (env.IMAGES ? r2Store(env.IMAGES) : null);

/** The whole API under /api. Handlers stay thin: validate, call a service, map the result. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>()
    .basePath('/api')
    .use(async (c, next) => {
      c.set('db', options.db(c.env));
      c.set('dbWith', (dbOptions) => options.db(c.env, dbOptions));
      c.set('images', (options.images ?? fromBinding)(c.env));
      const render = options.renderPage;
      c.set('renderPage', render ? (request) => render(c, request) : null);
      await next();
    })
    .use(async (c, next) => {
      await next();
      // Every answer, errors included; a route with stricter needs (served images) sets its own.
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.res.headers.set(name, value);
      if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', API_CSP);
    })
    .use(etag())
    .route('/health', healthRoutes)
    .route('/products', productsRoutes)
    .route('/categories', categoriesRoutes)
    .route('/subcategories', subcategoriesRoutes)
    .route('/site-images', siteImagesRoutes)
    .route('/purchase-limits', limitsRoutes)
    .route('/states', statesRoutes)
    .route('/checkout', checkoutRoutes)
    .route('/contact', contactRoutes)
    .route('/delivery', deliveryRoutes)
    .route('/orders', ordersRoutes)
    .route('/images', imagesRoutes)
    .route('/packages', packagesRoutes)
    .route('/admin', adminRoutes)
    .route('/driver', driverRoutes)
    .route('/staff', staffRoutes)
    .route('/seo', seoRoutes)
    .route('/', aiRoutes);
  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
