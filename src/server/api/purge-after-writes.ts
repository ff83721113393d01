import type { Context, MiddlewareHandler } from 'hono';
import { tagsForWrite } from '../../features/catalog/page-tags.ts';
import type { AppEnv } from './env.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The endpoint that purges Astro's cache (src/pages/internal/purge-pages.ts); no route of the Worker leads there from outside. */
export const PURGE_PAGES_PATH = '/internal/purge-pages';

declare module 'hono' {
  interface ContextVariableMap {
    /** The page tags a write named itself with touchedPages; undefined for the path's (tagsForWrite). */
    pageTags: readonly string[] | undefined;
  }
}

/**
 * Names the pages a write touched when its path cannot say (a package's write knows its product
 * only once it has read the package, D40): the purge then uses these instead of the path's tags,
 * and an empty list (a preview) purges nothing.
 */
export function touchedPages(c: Context, tags: readonly string[]): void {
  c.set('pageTags', tags);
}

/**
 * After an admin write that succeeded, the catalogue pages it touches are purged from the cache
 * before the answer, so the next view anywhere shows the change (docs/decisions/0024). A purge that
 * fails is logged and never fails the write: the pages then refresh when their keep time ends.
 */
export const purgeAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (READS.has(c.req.method) || c.res.status < 200 || c.res.status >= 300) return;
  const tags = c.var.pageTags ?? tagsForWrite(new URL(c.req.url).pathname.replace(/^\/api(?=\/)/, ''));
  if (tags.length === 0) return;
  const render = c.var.renderPage;
  if (!render) return;
  try {
    // Astro's cache is purged through its own endpoint, rendered in this request.
    const request = new Request(new URL(PURGE_PAGES_PATH, c.req.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tags }),
    });
    const res = await render(request);
    if (!res.ok) throw new Error(`${PURGE_PAGES_PATH} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  } catch (err) {
    console.error(`Purging the pages tagged ${tags.join(', ')} failed`, err);
  }
};
