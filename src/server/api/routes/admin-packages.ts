import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { DB_DEADLINE_MS } from '../../../db/db.ts';
import { IdParam } from '../../../features/catalog/catalog.schema.ts';
import { ALL_PAGES_TAG, LISTINGS_TAG, productTag } from '../../../features/catalog/page-tags.ts';
import { COA_MESSAGES, isPdf, MAX_COA_BYTES, newCoaKey } from '../../../features/inventory/coa.ts';
import { PackageAdjust, PackageFinish, PackageReceive, PackagesQuery, PackageUpdate } from '../../../features/inventory/packages.schema.ts';
import {
  adjustPackage,
  finishPackage,
  listPackages,
  packageCoa,
  receivePackage,
  setPackageCoa,
  updatePackage,
} from '../../../features/inventory/packages.server.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_LABEL } from '../../../features/menu/csv-upload.ts';
import { packagesCsvTemplate } from '../../../features/menu/package-csv.ts';
import { importPackagesCsv } from '../../../features/menu/package-import.server.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { touchedPages } from '../purge-after-writes.ts';
import { jsonOnly, limitBody, valid } from '../validate.ts';

const IdInPath = valid('param', v.object({ id: IdParam }), 'id');

/** A package's input that fails its rule is unprocessable, naming the field (a tag, a quantity, a unit). */
const unprocessable = { status: 422 } as const;

/** Purging more product tags than this at once purges every catalogue page instead (the purge takes at most 100 tags). */
const MAX_PRODUCT_TAGS = 50;

/** A package's write changes its product's page (stock, lab results) and the listings that show whether it is in stock. */
function productPages(productIds: readonly number[]): string[] {
  if (productIds.length === 0) return [];
  if (productIds.length > MAX_PRODUCT_TAGS) return [ALL_PAGES_TAG];
  return [...productIds.map(productTag), LISTINGS_TAG];
}

/** Answers a package after its write, naming the pages of its product for the purge. */
const written = <P extends { productId: number }>(c: Context<AppEnv>, pkg: P, status: 200 | 201 = 200) => {
  touchedPages(c, productPages([pkg.productId]));
  return c.json(pkg, status);
};

const fileError = (status: 400 | 413 | 415 | 422, code: string, message: string) => new HttpError(status, code, message, { file: message });

const coaLimit = limitBody(MAX_COA_BYTES, () => fileError(413, 'file_too_large', COA_MESSAGES.tooLarge));

/**
 * The COA is the request body itself (as the CSV import's file is), so the limit counts the file's
 * bytes exactly. A form or JSON is refused for what it is; any other body is judged by its bytes.
 */
const SEND_PDF = 'Send the PDF itself as the request body (Content-Type: application/pdf).';

const csvLimit = limitBody(MAX_IMPORT_BYTES, () => fileError(413, 'file_too_large', `The CSV file must be at most ${MAX_IMPORT_LABEL}.`));

/** The CSV is the request body (text/csv), as the products import takes it. */
const csvBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^text\/(?:csv|plain)\b/i.test(c.req.header('content-type') ?? '')) {
    throw fileError(415, 'unsupported_media_type', 'Send the CSV file as the request body (Content-Type: text/csv).');
  }
  await next();
};

const ImportQuery = v.object({
  dryRun: v.optional(
    v.pipe(
      v.picklist(['1', '0', 'true', 'false'], 'dryRun is 1 (preview) or 0 (receive)'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '0',
  ),
});

/** UTF-8 text of the body; a file in another encoding is refused rather than misread. */
async function csvText(c: Context<AppEnv>): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength === 0) throw fileError(400, 'invalid_input', 'Choose a CSV file to import.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A fatal decoder throws only on bytes that are not UTF-8.
    throw fileError(422, 'invalid_csv', 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
}

/**
 * D40: packages (receive, list, tag and lab results, adjust, finish, the COA, the CSV), mounted
 * inside the admin router, so behind its guard (same origin, a session, no-store); no role but
 * admin opens /api/admin/packages (D35). Literal paths come before `/packages/:id`.
 */
export const adminPackageRoutes = new Hono<AppEnv>()
  .get('/packages', valid('query', PackagesQuery, 'productId'), async (c) => c.json(await listPackages(c.var.db, c.req.valid('query'))))
  .get('/packages/template.csv', (c) =>
    c.body(packagesCsvTemplate(), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="packages-template.csv"',
    }),
  )
  .post('/packages/import', valid('query', ImportQuery, 'dryRun'), csvBody, csvLimit, async (c) => {
    const { dryRun } = c.req.valid('query');
    const db = c.var.dbWith({ deadlineMs: DB_DEADLINE_MS.csvImport });
    const { report, productIds } = await importPackagesCsv(db, await csvText(c), { dryRun, actor: adminActor(c) });
    touchedPages(c, productPages(productIds));
    return c.json(report);
  })
  .post('/packages', jsonOnly, valid('json', PackageReceive, 'tag', unprocessable), async (c) =>
    written(c, await receivePackage(c.var.db, adminActor(c), c.req.valid('json')), 201),
  )
  .patch('/packages/:id', IdInPath, jsonOnly, valid('json', PackageUpdate, 'tag', unprocessable), async (c) =>
    written(c, await updatePackage(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/packages/:id/adjust', IdInPath, jsonOnly, valid('json', PackageAdjust, 'reason', unprocessable), async (c) =>
    written(c, await adjustPackage(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/packages/:id/finish', IdInPath, jsonOnly, valid('json', PackageFinish, 'reason', unprocessable), async (c) =>
    written(c, await finishPackage(c.var.db, adminActor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/packages/:id/coa', IdInPath, coaLimit, async (c) => {
    const { id } = c.req.valid('param');
    const type = c.req.header('content-type') ?? '';
    if (/^(?:multipart\/form-data|application\/x-www-form-urlencoded|application\/(?:[\w.+-]+\+)?json)\b/i.test(type)) {
      throw fileError(415, 'unsupported_media_type', SEND_PDF);
    }
    if (!(await packageCoa(c.var.db, id))) throw notFound('Package');
    if (!c.var.images) throw new HttpError(503, 'images_not_configured', 'File storage is not configured.');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw fileError(400, 'invalid_upload', COA_MESSAGES.missing);
    // The bytes decide, not the name or the declared type (as for images, D22).
    if (!isPdf(bytes)) throw fileError(415, 'not_a_pdf', COA_MESSAGES.notPdf);
    const key = newCoaKey(id);
    await c.var.images.put(key, bytes, 'application/pdf');
    return written(c, await setPackageCoa(c.var.db, adminActor(c), id, key));
  });
