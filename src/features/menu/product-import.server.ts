/**
 * The products CSV against the database: export, template, and import (dry run or apply). What a
 * row means and whether it is valid is decided in product-csv.ts; this module reads what that needs
 * and writes what it decided, in one transaction.
 */
import { asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { errorText, isStockGuardError } from '../../db/error-text.ts';
import { auditLog, categories, packages, products, stockMovements } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { auditChanges } from '../audit/audit.ts';
import { WEIGHT_PRICE_COLUMNS } from '../catalog/catalog.server.ts';
import { categoryKey, WEIGHT_OPTIONS } from '../catalog/catalog.ts';
import { nyDate } from '../delivery/windows.ts';
import { setProductStock } from '../inventory/package-moves.server.ts';
import { packageUnit } from '../inventory/packages.ts';
import { CSV_BOM, csvLine } from './csv.ts';
import type { ImportReport, ImportRowError } from './csv-upload.ts';
import {
  type CategoryRef,
  type ExistingProduct,
  exportRecord,
  type ImportContext,
  listErrors,
  namedProducts,
  PRODUCT_CSV_COLUMNS,
  type ProductValues,
  planImport,
  type RowDecision,
  readProductCsv,
  templateRecords,
} from './product-csv.ts';

/** The columns the CSV covers, read as product-csv.ts names them. */
export const CSV_FIELDS = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  status: products.status,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  ...WEIGHT_PRICE_COLUMNS,
  thcContent: products.thcContent,
  cbdContent: products.cbdContent,
  thcMg: products.thcMg,
  netGrams: products.netGrams,
  strainType: products.strainType,
  effects: products.effects,
  flavor: products.flavor,
  origin: products.origin,
  rating: products.rating,
  stockMilli: products.stockMilli,
  lowStockMilli: products.lowStockMilli,
  image: products.image,
  available: products.available,
  isFeatured: products.isFeatured,
  isBestSeller: products.isBestSeller,
  isNewArrival: products.isNewArrival,
  isOrganic: products.isOrganic,
} satisfies Record<keyof ExistingProduct, unknown>;

/**
 * Rows per read: a libSQL server caps one answer's size (sqld: 10 MB), which a whole catalogue's
 * full rows pass, so reads go in chunks by id (keyset, so a chunk never skips or repeats a row).
 */
const READ_CHUNK = 1000;
/** Ids per `IN (...)` list, well under SQLite's bound-parameter limit. */
const ID_CHUNK = 500;
/** Rows per multi-row insert: products bind ~35 values a row, ledger and audit rows ~7. */
const INSERT_CHUNK = { products: 100, rows: 1000 } as const;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function readCategories(db: Db): Promise<CategoryRef[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      kind: categories.kind,
      slug: categories.slug,
      parentId: categories.parentId,
      retired: categories.retired,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** Every product in id order, a chunk at a time. */
async function* allProducts(db: Db): AsyncGenerator<ExistingProduct[]> {
  for (let after = 0; ; ) {
    const rows = await db.select(CSV_FIELDS).from(products).where(gt(products.id, after)).orderBy(asc(products.id)).limit(READ_CHUNK);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < READ_CHUNK) return;
    after = last.id;
  }
}

/** The whole catalogue, any status, one row per product in id order, with a header row. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const categorySlug = new Map((await readCategories(db)).map((c) => [c.id, c.slug]));
  const parts = [CSV_BOM, csvLine(PRODUCT_CSV_COLUMNS)];
  for await (const rows of allProducts(db)) for (const p of rows) parts.push(csvLine(exportRecord(p, categorySlug)));
  return parts.join('');
}

/** The header and an example row for a weighed category (with a strain) and one sold by the piece. */
export async function productsCsvTemplate(db: Db): Promise<string> {
  const all = await readCategories(db);
  const top = all.filter((c) => c.parentId == null && !c.retired);
  const flower = top.find((c) => categoryKey(c) === 'Flower') ?? top.find((c) => WEIGHT_OPTIONS[categoryKey(c)]);
  const edible = top.find((c) => categoryKey(c) === 'Edible') ?? top.find((c) => !WEIGHT_OPTIONS[categoryKey(c)]);
  const strain = all.find((c) => c.parentId != null && c.parentId === flower?.id && !c.retired);
  const rows = templateRecords({ flower: flower?.slug ?? 'flower', strain: strain?.slug ?? null, edible: edible?.slug ?? 'edible' });
  return [CSV_BOM, csvLine(PRODUCT_CSV_COLUMNS), ...rows.map((r) => csvLine(r))].join('');
}

/** What planImport needs: categories, every slug's owner, and the named products in full. */
async function readContext(db: Db, named: { ids: number[]; slugs: string[] }): Promise<ImportContext> {
  const cats = await readCategories(db);
  const slugOwners = new Map<string, number>();
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(READ_CHUNK * 10);
    for (const r of rows) slugOwners.set(r.slug, r.id);
    const last = rows.at(-1);
    if (!last || rows.length < READ_CHUNK * 10) break;
    after = last.id;
  }
  const ids = new Set(named.ids);
  for (const slug of named.slugs) {
    const id = slugOwners.get(slug);
    if (id != null) ids.add(id);
  }
  const byId = new Map<number, ExistingProduct>();
  for (const chunk of chunks([...ids], ID_CHUNK)) {
    for (const p of await db.select(CSV_FIELDS).from(products).where(inArray(products.id, chunk))) byId.set(p.id, p);
  }
  return { categories: cats, slugOwners, products: byId };
}

export interface ImportOptions {
  dryRun: boolean;
  /** Who the ledger and the audit trail name: 'admin:{email}'. */
  actor: string;
}

/** The one answer to a file with row errors when it was to be applied: nothing was written. */
function rowErrorsFound(errors: readonly ImportRowError[]): HttpError {
  const { errors: listed, moreErrors } = listErrors(errors);
  const first = listed[0];
  const where = (e: ImportRowError) => `row ${e.row}${e.column ? `, ${e.column}` : ''}`;
  const summary = first ? `${where(first)}: ${first.message}` : '';
  return new HttpError(
    422,
    'invalid_csv',
    `Nothing was imported: the file has ${errors.length === 1 ? 'an error' : `${errors.length} errors`} (${summary}${errors.length > 1 ? ', ...' : ''}).`,
    Object.fromEntries([...listed.map((e) => [where(e), e.message]), ...(moreErrors > 0 ? [['more', `${moreErrors} more errors`]] : [])]),
  );
}

/**
 * Reads the CSV and decides every row. A dry run answers what would happen and every error; an
 * import applies it all in one transaction, or, if any row has an error, nothing (422).
 * A file that cannot be read as a whole (syntax, header) is a 422 naming the column or 'file'.
 */
export async function importProductsCsv(db: Db, text: string, options: ImportOptions): Promise<ImportReport> {
  const file = readProductCsv(text);
  if ('message' in file) throw new HttpError(422, 'invalid_csv', file.message, { [file.field]: file.message });
  const plan = planImport(file, await readContext(db, namedProducts(file)));
  const report: ImportReport = { dryRun: options.dryRun, ...plan.counts, ...listErrors(plan.errors) };
  if (options.dryRun) return report;
  if (plan.errors.length > 0) throw rowErrorsFound(plan.errors);
  await applyDecisions(db, plan.decisions, options.actor);
  return report;
}

/** The id the next new product gets: AUTOINCREMENT never reuses one, even of a deleted row. */
/** The id the next package takes (the same reasoning as nextProductId). */
async function nextPackageId(db: Db): Promise<number> {
  const [row] = await db.all<{ next: number }>(
    sql`select max(coalesce((select seq from sqlite_sequence where name = 'packages'), 0), coalesce((select max(id) from ${packages}), 0)) + 1 as next`,
  );
  return row?.next ?? 1;
}

async function nextProductId(db: Db): Promise<number> {
  const [row] = await db.all<{ next: number }>(
    sql`select max(coalesce((select seq from sqlite_sequence where name = 'products'), 0), coalesce((select max(id) from ${products}), 0)) + 1 as next`,
  );
  return row?.next ?? 1;
}

/** A column's value as the audit trail writes it (auditText in audit.ts), in SQL. */
function auditTextSql(column: SQLiteColumn): SQL {
  if (column.columnType === 'SQLiteBoolean') return sql`case ${column} when 1 then 'true' when 0 then 'false' end`;
  // A whole real is written as JavaScript writes the number (4, not 4.0).
  if (column.columnType === 'SQLiteReal') {
    return sql`case when ${column} = cast(${column} as integer) then cast(cast(${column} as integer) as text) else cast(${column} as text) end`;
  }
  return sql`cast(${column} as text)`;
}

/**
 * The audit rows of new products ids first..last, one per field that is set, as auditChanges(null,
 * values) makes them. Written by the database from the rows just inserted, so a large import does
 * not send every new product's every field a second time.
 */
function createdAudit(db: Db, actor: string, first: number, last: number) {
  const fields = Object.entries(CSV_FIELDS).filter(([name]) => name !== 'id') as [string, SQLiteColumn][];
  const unpivot = sql.join(
    fields.map(
      ([name, column]) =>
        sql`select ${products.id} as id, ${name} as field, ${auditTextSql(column)} as value from ${products} where ${products.id} between ${first} and ${last}`,
    ),
    sql` union all `,
  );
  return db.run(
    sql`insert into ${auditLog} (actor, entity, entity_id, field, from_value, to_value) select ${actor}, 'product', id, field, null, value from (${unpivot}) where value is not null order by id`,
  );
}

/**
 * Writes every decision in one batch, which libSQL runs as one transaction: the new products, the
 * updates (only the fields that change, so search and catalogue-version triggers run only where
 * something they follow changed), a ledger row for every stock difference (D33: stock is never
 * written directly; the ledger's trigger moves it) and the audit rows of every changed field.
 *
 * One batch of ten thousand single-row updates is fine for sqld: what it refuses is one answer
 * over its size cap, which is why the reads above go in chunks. What costs is the number of bound
 * values the request carries (the request is built, sent and decoded as a whole, within the
 * Worker's memory and CPU), so inserts are multi-row, new products' audit rows are made by the
 * database, and updates are one statement each because each sets only its own changes.
 * New products get their ids here, after the last id in use, so their ledger and audit rows can
 * name them in the same batch; a product created meanwhile by someone else takes one of those ids
 * and the whole batch fails on it, changing nothing.
 */
async function applyDecisions(db: Db, decisions: readonly RowDecision[], actor: string): Promise<void> {
  const now = Date.now();
  const writes: BatchItem<'sqlite'>[] = [];
  const ledger: (typeof stockMovements.$inferInsert)[] = [];
  const audit: (typeof auditLog.$inferInsert)[] = [];

  const [first, firstPackage, cats] = await Promise.all([nextProductId(db), nextPackageId(db), readCategories(db)]);
  const ruleKey = new Map(cats.map((c) => [c.id, categoryKey(c)]));
  const unitOf = (categoryId: number | undefined) => packageUnit(ruleKey.get(categoryId ?? -1) ?? '');
  const today = nyDate(now);
  const creates = decisions.flatMap((d) => (d.kind === 'create' ? [d.values] : [])).map((values, i) => ({ ...values, id: first + i }));
  for (const chunk of chunks(creates, INSERT_CHUNK.products)) {
    writes.push(
      db.insert(products).values(chunk.map(({ stockMilli: _stock, ...values }) => ({ ...values, createdAt: now, updatedAt: now }))),
    );
  }
  // D40: a new product's stock is held in an opening package with no tag, numbered here like the
  // products so its ledger row can name it in the same batch.
  const opening: (typeof packages.$inferInsert)[] = [];
  for (const p of creates) {
    if (p.stockMilli == null) continue;
    const packageId = firstPackage + opening.length;
    opening.push({ id: packageId, productId: p.id, unit: unitOf(p.categoryId), receivedOn: today, receivedMilli: p.stockMilli });
    if (p.stockMilli > 0) {
      ledger.push({ productId: p.id, packageId, deltaMilli: p.stockMilli, reason: 'received', note: 'Initial stock (CSV import)', actor });
    }
  }
  for (const chunk of chunks(opening, INSERT_CHUNK.rows)) writes.push(db.insert(packages).values(chunk));

  for (const d of decisions) {
    if (d.kind !== 'update') continue;
    const { stockMilli, ...fields } = d.changes as Partial<ProductValues>;
    if (Object.keys(fields).length > 0) {
      writes.push(
        db
          .update(products)
          .set({ ...fields, updatedAt: now })
          .where(eq(products.id, d.before.id)),
      );
    }
    if (stockMilli !== undefined && stockMilli !== null) {
      // D40: more than before goes into the opening package; less leaves first in, first out.
      const move = { productId: d.before.id, reason: 'correction' as const, note: 'CSV import', actor };
      writes.push(...setProductStock(db, unitOf(fields.categoryId ?? d.before.categoryId), today, stockMilli, move));
    }
    const changes = auditChanges(d.before as unknown as Record<string, unknown>, d.changes as Record<string, unknown>);
    for (const c of changes) audit.push({ actor, entity: 'product', entityId: d.before.id, ...c });
  }

  for (const chunk of chunks(ledger, INSERT_CHUNK.rows)) writes.push(db.insert(stockMovements).values(chunk));
  for (const chunk of chunks(audit, INSERT_CHUNK.rows)) writes.push(db.insert(auditLog).values(chunk));
  // After the ledger rows, so a new product's stock is in its row when its audit rows are made.
  const last = creates.at(-1);
  if (last) writes.push(createdAudit(db, actor, first, last.id));
  const [head, ...rest] = writes;
  if (!head) return;
  try {
    await db.batch([head, ...rest]);
  } catch (err) {
    if (changedMeanwhile(err)) {
      throw new HttpError(
        409,
        'catalogue_changed',
        'The products changed while the file was being imported (an order or another edit), so nothing was imported. Preview the file again.',
      );
    }
    throw err;
  }
}

/** The stock guard (an order took stock meanwhile), or a slug or id taken meanwhile: the batch rolled back whole. */
function changedMeanwhile(err: unknown): boolean {
  return isStockGuardError(err) || /UNIQUE constraint failed: products\.(?:slug|id)/.test(errorText(err));
}
