/**
 * D40: the packages CSV on the server (package-csv.ts says what a file means): reads the products
 * and tags the file names, plans every row, and for a real import receives every package in one
 * batch, with the same statements as the receive form, or nothing.
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { packages, products } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { packageProducts, receiveStatements } from '../inventory/packages.server.ts';
import type { ImportRowError } from './csv-upload.ts';
import {
  namedInPackageCsv,
  type PackageImportContext,
  type PackageImportReport,
  packageImportReport,
  planPackageImport,
  readPackageCsv,
} from './package-csv.ts';

async function readContext(db: Db, named: ReturnType<typeof namedInPackageCsv>): Promise<PackageImportContext> {
  const byIdOrSlug = or(
    named.ids.length > 0 ? inArray(products.id, named.ids) : undefined,
    named.slugs.length > 0 ? inArray(products.slug, named.slugs) : undefined,
  );
  const [found, tagged] = await Promise.all([
    byIdOrSlug ? packageProducts(db, byIdOrSlug) : [],
    named.tags.length > 0
      ? db
          .select({ tag: packages.tag, id: packages.id, productId: packages.productId, productName: products.name })
          .from(packages)
          .innerJoin(products, eq(products.id, packages.productId))
          .where(inArray(packages.tag, named.tags))
      : [],
  ]);
  return {
    byId: new Map(found.map((p) => [p.id, p])),
    bySlug: new Map(found.map((p) => [p.slug, p])),
    tagged: new Map(
      tagged.flatMap((t) => (t.tag ? [[t.tag, { id: t.id, productId: t.productId, productName: t.productName }] as const] : [])),
    ),
  };
}

function problemsFound(errors: readonly ImportRowError[]): HttpError {
  const where = (e: ImportRowError) => `row ${e.row}${e.column ? `, ${e.column}` : ''}`;
  const first = errors[0];
  const listed = errors.slice(0, 50);
  return new HttpError(
    422,
    'invalid_csv',
    `Nothing was received: the file has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`}${first ? ` (${where(first)}: ${first.message}${errors.length > 1 ? ', ...' : ''})` : ''}.`,
    Object.fromEntries(listed.map((e) => [where(e), e.message])),
  );
}

export interface PackageImportResult {
  report: PackageImportReport;
  /** The products that received packages, for the pages to purge. */
  productIds: number[];
}

/**
 * POST /api/admin/packages/import: a dry run answers every row's decision and problem; an import
 * with any problem is a 422 that lists them and writes nothing; otherwise every package is
 * received in one batch. A file that cannot be read as a whole is a 422 naming `file` or the column.
 */
export async function importPackagesCsv(db: Db, text: string, options: { dryRun: boolean; actor: string }): Promise<PackageImportResult> {
  const file = readPackageCsv(text);
  if ('message' in file) throw new HttpError(422, 'invalid_csv', file.message, { [file.field]: file.message });
  const plan = planPackageImport(file, await readContext(db, namedInPackageCsv(file)));
  const report = packageImportReport(plan, options.dryRun);
  if (options.dryRun) return { report, productIds: [] };
  if (plan.errors.length > 0) throw problemsFound(plan.errors);
  const statements = plan.decisions.flatMap((d): BatchItem<'sqlite'>[] => {
    if (d.kind !== 'receive') return [];
    const { insert, fill } = receiveStatements(db, options.actor, d.receipt, 'CSV import');
    return [insert, ...fill];
  });
  const [first, ...rest] = statements;
  if (first) {
    try {
      await db.batch([first, ...rest]);
    } catch (err) {
      // A tag the file names was put on a package since the preview read them.
      if (violatesUnique(err, 'packages.tag')) {
        const message = 'A tag in the file was put on another package meanwhile. Preview the file again to see which.';
        throw new HttpError(409, 'tag_taken', message, { file: message });
      }
      throw err;
    }
  }
  const productIds = [...new Set(plan.decisions.flatMap((d) => (d.kind === 'receive' ? [d.receipt.product.id] : [])))];
  return { report, productIds };
}
