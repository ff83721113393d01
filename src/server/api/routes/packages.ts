import { Hono } from 'hono';
import * as v from 'valibot';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { coaFileName } from '../../../features/inventory/coa.ts';
import { packageCoa } from '../../../features/inventory/packages.server.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type { AppEnv } from '../env.ts';
import { valid } from '../validate.ts';

/**
 * A replaced certificate reaches a shopper within five minutes; a repeat view within them costs no
 * request, and one after them a 304 (the ETag is the stored file's key).
 */
const COA_CACHE = 'public, max-age=300';

/**
 * D40: a package's certificate of analysis, public (the product page links it), served from R2
 * through the shop's own origin as a PDF the browser shows. 404 when the package has none.
 */
export const packagesRoutes = new Hono<AppEnv>().get('/:id/coa', valid('param', v.object({ id: IdParam }), 'id'), async (c) => {
  const pkg = await packageCoa(c.var.db, c.req.valid('param').id);
  if (!pkg?.coaKey?.trim()) throw notFound('Certificate of analysis');
  if (!c.var.images) throw new HttpError(503, 'images_not_configured', 'File storage is not configured.');
  const file = await c.var.images.get(pkg.coaKey);
  if (!file) throw notFound('Certificate of analysis');
  return new Response(file.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(file.size),
      'content-disposition': `inline; filename="${coaFileName(pkg)}"`,
      'cache-control': COA_CACHE,
      // A new upload is a new key (coa.ts), so the key names this very file.
      etag: `"${pkg.coaKey.replace(/[^\w.-]/g, '_')}"`,
    },
  });
});
