import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { DB_DEADLINE_MS } from '../../../db/db.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_LABEL } from '../../../features/menu/csv-upload.ts';
import { csvFileName } from '../../../features/menu/product-csv.ts';
import { exportProductsCsv, importProductsCsv, productsCsvTemplate } from '../../../features/menu/product-import.server.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { adminActor } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { limitBody, valid } from '../validate.ts';

const tooLarge = () =>
  new HttpError(413, 'file_too_large', `The CSV file must be at most ${MAX_IMPORT_LABEL}.`, {
    file: `The CSV file must be at most ${MAX_IMPORT_LABEL}.`,
  });

const importLimit = limitBody(MAX_IMPORT_BYTES, tooLarge);

/**
 * The CSV is the request body itself (text/csv), not a multipart form: the limit then counts the
 * file's bytes exactly, and there is no framing to parse. Anything else is a 415 that says so.
 */
const csvBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^text\/(?:csv|plain)\b/i.test(c.req.header('content-type') ?? '')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the CSV file as the request body (Content-Type: text/csv).', {
      file: 'Send the CSV file as the request body (Content-Type: text/csv).',
    });
  }
  await next();
};

const ImportQuery = v.object({
  dryRun: v.optional(
    v.pipe(
      v.picklist(['1', '0', 'true', 'false'], 'dryRun is 1 (preview) or 0 (apply)'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '0',
  ),
});

/** UTF-8 text of the body; a file saved in another encoding is refused rather than misread. */
async function csvText(c: Context<AppEnv>): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength === 0)
    throw new HttpError(400, 'invalid_input', 'Choose a CSV file to import.', { file: 'Choose a CSV file to import.' });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A fatal decoder throws only on bytes that are not UTF-8.
    const message = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.';
    throw new HttpError(422, 'invalid_csv', message, { file: message });
  }
}

const attachment = (c: Context<AppEnv>, body: string, filename: string) =>
  c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });

/**
 * The products CSV (export, template, import with a dry run), mounted inside the admin router, so
 * behind its guard (same origin, session, no-store), and before the product routes, so
 * `/products/export.csv` is never read as a product id.
 */
export const adminCsvRoutes = new Hono<AppEnv>()
  .get('/products/export.csv', async (c) => attachment(c, await exportProductsCsv(c.var.db), csvFileName('products', new Date())))
  .get('/products/template.csv', async (c) =>
    attachment(c, await productsCsvTemplate(c.var.db), csvFileName('products-template', new Date())),
  )
  .post('/products/import', valid('query', ImportQuery, 'dryRun'), csvBody, importLimit, async (c) => {
    const { dryRun } = c.req.valid('query');
    const db = c.var.dbWith({ deadlineMs: DB_DEADLINE_MS.csvImport });
    return c.json(await importProductsCsv(db, await csvText(c), { dryRun, actor: adminActor(c) }));
  });
