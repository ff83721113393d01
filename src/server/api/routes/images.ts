import { Hono } from 'hono';
import { IMAGE_KEY_PATTERN } from '../../../features/images/images.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type { AppEnv } from '../env.ts';

/**
 * Uploaded images, served from R2 through the site's own origin (D22, D28). Keys are
 * content-derived, so an answer never changes: it may be cached for a year. The stored type comes
 * from the sniffed bytes; nosniff and a deny-all CSP keep a browser from treating it as anything else.
 */
export const imagesRoutes = new Hono<AppEnv>().get('/uploads/:file', async (c) => {
  const key = `uploads/${c.req.param('file')}`;
  if (!IMAGE_KEY_PATTERN.test(key)) throw notFound('Image');
  if (!c.var.images) throw new HttpError(503, 'images_not_configured', 'Image storage is not configured.');
  const image = await c.var.images.get(key);
  if (!image) throw notFound('Image');
  return new Response(image.body, {
    headers: {
      'content-type': image.contentType,
      'content-length': String(image.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
