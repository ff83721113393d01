/**
 * Astro's middleware: a page rendered on request gets a static page's security headers here, inside
 * Astro's cache, so a page served from the cache carries them without its HTML being read again
 * (docs/decisions/0023, 0024). Pre-rendered pages get theirs from the build's _headers file.
 */
import { defineMiddleware } from 'astro:middleware';
import { withPageSecurity } from './features/site/security-headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : withPageSecurity(response);
});
