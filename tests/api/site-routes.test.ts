import { describe, expect, it } from 'vitest';
import { FUNCTION_ROUTES, pageRouteFor } from '../../src/server/pages/site-routes.ts';

describe('the paths that start the functions (dist/_routes.json)', () => {
  it('are the API and each page route, and no static page', () => {
    expect(FUNCTION_ROUTES).toEqual([
      '/api/*',
      '/product/*',
      '/categories/*',
      '/subcategories/*',
      '/deals',
      '/deals/*',
      '/sitemap.xml',
      '/search',
      '/product-image-manager/*',
      '/admin',
      '/delivery-manifest',
      '/driver',
      '/flower-image-generator',
      '/home-image-manager',
      '/product-image-manager',
      '/product-manager',
      '/seo-manager',
      '/simple-image-manager',
      '/site-image-manager',
    ]);
  });

  it('send each page path to its handler and nothing else', () => {
    const routeOf = (path: string) => pageRouteFor(path) ?? 'static';
    expect(routeOf('/product/12')).toBe('product');
    expect(routeOf('/product/12/')).toBe('product');
    expect(routeOf('/product/12/extra')).toBe('static');
    expect(routeOf('/categories/flower')).toBe('category');
    expect(routeOf('/subcategories/4/products')).toBe('strain');
    expect(routeOf('/subcategories/4')).toBe('static');
    expect(routeOf('/deals')).toBe('deals');
    expect(routeOf('/deals/_template')).toBe('deals');
    expect(routeOf('/sitemap.xml')).toBe('sitemap');
    expect(routeOf('/search')).toBe('search');
    expect(routeOf('/search/more')).toBe('static');
    expect(routeOf('/product-image-manager/7')).toBe('productImages');
    expect(routeOf('/product-image-manager')).toBe('admin');
    expect(routeOf('/admin')).toBe('admin');
    expect(routeOf('/driver')).toBe('admin');
    expect(routeOf('/seo-manager')).toBe('admin');
    expect(routeOf('/admin-login')).toBe('static');
    expect(routeOf('/administrator')).toBe('static');
    expect(routeOf('/')).toBe('static');
  });
});
