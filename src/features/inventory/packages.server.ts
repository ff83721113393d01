/**
 * D40: the admin's packages: the list, receiving one, tagging it and its lab results, adjusting it
 * with a reason, finishing it, and its certificate of analysis. Stock moves only through ledger
 * rows that name the package (D33); the triggers of migration 0023 move the package and the
 * product with them and refuse below zero. Every write is one batch, with its audit rows on the
 * product's trail (M3), so a package's history shows in its product's.
 */
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { isStockGuardError, violatesUnique } from '../../db/error-text.ts';
import { auditLog, categories, packages, products, stockMovements } from '../../db/schema.ts';
import { DB_NOW_MS } from '../../db/schema-columns.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { auditChanges } from '../audit/audit.ts';
import { categoryRuleKey } from '../catalog/catalog.server.ts';
import { baseUnitsToStock, stockToBaseUnits } from '../catalog/stock.ts';
import { coaUrl } from './coa.ts';
import {
  type AdminPackage,
  formatPackageQuantity,
  type PackageList,
  type PackageProduct,
  packageName,
  type Receipt,
  receiptProblem,
  tagTakenMessage,
  UNKNOWN_PRODUCT,
} from './package-view.ts';
import {
  fitsUnit,
  type LabResults,
  type PackageAdjust,
  type PackageFinish,
  type PackageReceive,
  type PackagesQuery,
  type PackageUpdate,
  PIECES_MESSAGE,
} from './packages.schema.ts';
import { isTraced, packageUnit } from './packages.ts';

/** The most packages one answer lists; a shop has a few hundred active ones. */
export const PACKAGE_LIST_LIMIT = 500;

/** A quantity in the package's unit to stock units (thousandths, decision 0006), and back. */
const toMilli = (quantity: number) => baseUnitsToStock(quantity) ?? 0;
const fromMilli = (milli: number) => stockToBaseUnits(milli) ?? 0;

const packageColumns = {
  id: packages.id,
  tag: packages.tag,
  productId: packages.productId,
  productName: products.name,
  unit: packages.unit,
  quantityMilli: packages.quantityMilli,
  receivedMilli: packages.receivedMilli,
  batch: packages.batch,
  receivedOn: packages.receivedOn,
  thcPercent: packages.thcPercent,
  cbdPercent: packages.cbdPercent,
  thcMg: packages.thcMg,
  testedOn: packages.testedOn,
  lab: packages.lab,
  coaKey: packages.coaKey,
  status: packages.status,
  updatedAt: packages.updatedAt,
  category: categoryRuleKey,
};

const selectPackages = (db: Db) =>
  db
    .select(packageColumns)
    .from(packages)
    .innerJoin(products, eq(products.id, packages.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId));

type PackageRowView = Awaited<ReturnType<typeof selectPackages>>[number];

/** Lab results are written together (LabResults), so a test date means the package has them. */
function labOf(r: Pick<PackageRowView, 'thcPercent' | 'cbdPercent' | 'thcMg' | 'testedOn' | 'lab'>): LabResults | null {
  if (r.testedOn == null || r.lab == null) return null;
  return { thcPercent: r.thcPercent, cbdPercent: r.cbdPercent, thcMg: r.thcMg, testedOn: r.testedOn, lab: r.lab };
}

function toAdminPackage(r: PackageRowView): AdminPackage {
  return {
    id: r.id,
    tag: r.tag,
    productId: r.productId,
    productName: r.productName,
    unit: r.unit,
    quantity: fromMilli(r.quantityMilli),
    received: fromMilli(r.receivedMilli),
    batch: r.batch,
    receivedOn: r.receivedOn,
    labResults: labOf(r),
    coaUrl: r.coaKey ? coaUrl(r.id) : null,
    status: r.status,
    updatedAt: r.updatedAt,
    traced: isTraced(r.category),
  };
}

/**
 * GET /api/admin/packages: one product's packages or every product's, active ones first, then by
 * product and first in, first out; at most PACKAGE_LIST_LIMIT.
 */
export async function listPackages(db: Db, query: PackagesQuery): Promise<PackageList> {
  const where = and(
    query.productId === undefined ? undefined : eq(packages.productId, query.productId),
    query.status === 'all' ? undefined : eq(packages.status, query.status),
  );
  const rows = await selectPackages(db)
    .where(where)
    .orderBy(sql`${packages.status} = 'finished'`, asc(products.name), asc(packages.productId), asc(packages.receivedOn), asc(packages.id))
    .limit(PACKAGE_LIST_LIMIT + 1);
  return { packages: rows.slice(0, PACKAGE_LIST_LIMIT).map(toAdminPackage), more: rows.length > PACKAGE_LIST_LIMIT };
}

export async function getAdminPackage(db: Db, id: number): Promise<AdminPackage | null> {
  const [row] = await selectPackages(db).where(eq(packages.id, id));
  return row ? toAdminPackage(row) : null;
}

async function mustGetPackage(db: Db, id: number): Promise<AdminPackage> {
  const pkg = await getAdminPackage(db, id);
  if (!pkg) throw notFound('Package');
  return pkg;
}

// ---------------------------------------------------------------------------------------------
// Receiving
// ---------------------------------------------------------------------------------------------

/** The products named, with their package unit (D40: grams where stock is, pieces for the rest). */
export async function packageProducts(db: Db, where: SQL): Promise<PackageProduct[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, category: categoryRuleKey })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, unit: packageUnit(r.category) }));
}

/** The package that holds `tag`, other than `exceptId`. */
async function tagOwner(db: Db, tag: string, exceptId?: number): Promise<{ id: number; productName: string } | undefined> {
  const [row] = await db
    .select({ id: packages.id, productName: products.name })
    .from(packages)
    .innerJoin(products, eq(products.id, packages.productId))
    .where(and(eq(packages.tag, tag), exceptId === undefined ? undefined : ne(packages.id, exceptId)))
    .limit(1);
  return row;
}

const tagTaken = (tag: string, owner?: { id: number; productName: string }) => {
  const message = tagTakenMessage(tag, owner);
  return new HttpError(409, 'tag_taken', message, { tag: message });
};

/** The id of the package just received for `productId` in the same batch (AUTOINCREMENT: the largest). */
const newPackageId = (productId: number) => sql`(select max(${packages.id}) from ${packages} where ${packages.productId} = ${productId})`;

/** How the audit trail names a package's field: 'package-12-tag' ("Package 12 tag" in the history). */
const auditField = (id: number | SQL, field: string): string | SQL =>
  typeof id === 'number' ? `package-${id}-${field}` : sql`'package-' || ${id} || '-' || ${field}`;

/**
 * The statements that receive one package, for one batch: its row (holding nothing yet), then the
 * ledger row that fills it through the trigger and the audit row on its product's trail. Several
 * receipts may share a batch: each one's statements find its package as its product's newest.
 */
export function receiveStatements(db: Db, actor: string, { product, input }: Receipt, via?: string) {
  const milli = toMilli(input.quantity);
  const lab = input.labResults;
  const id = newPackageId(product.id);
  const said = [input.tag ? `tag ${input.tag}` : 'no tag yet', input.batch ? `batch ${input.batch}` : '', via ?? '']
    .filter(Boolean)
    .join(', ');
  const insert = db.insert(packages).values({
    tag: input.tag,
    productId: product.id,
    unit: input.unit,
    receivedMilli: milli,
    batch: input.batch,
    receivedOn: input.receivedOn,
    thcPercent: lab?.thcPercent ?? null,
    cbdPercent: lab?.cbdPercent ?? null,
    thcMg: lab?.thcMg ?? null,
    testedOn: lab?.testedOn ?? null,
    lab: lab?.lab ?? null,
  });
  const fill: [BatchItem<'sqlite'>, BatchItem<'sqlite'>] = [
    db.insert(stockMovements).values({
      productId: product.id,
      packageId: id,
      deltaMilli: milli,
      reason: 'received',
      note: `Received (${said})`,
      actor,
    }),
    db.insert(auditLog).values({
      actor,
      entity: 'product',
      entityId: product.id,
      field: auditField(id, 'received'),
      fromValue: null,
      toValue: `${formatPackageQuantity(input.quantity, input.unit)} received ${input.receivedOn} (${said})`,
    }),
  ];
  return { insert, fill };
}

/**
 * POST /api/admin/packages: receives a package in one batch. An unknown product or the wrong unit
 * is a 422 naming the field; a tag on another package a 409 naming `tag`.
 */
export async function receivePackage(db: Db, actor: string, input: PackageReceive): Promise<AdminPackage> {
  const [product] = await packageProducts(db, eq(products.id, input.productId));
  const problem = receiptProblem(product, input);
  if (problem || !product) {
    const message = problem?.message ?? UNKNOWN_PRODUCT;
    throw new HttpError(422, 'invalid_input', message, { [problem?.field ?? 'productId']: message });
  }
  if (input.tag) {
    const owner = await tagOwner(db, input.tag);
    if (owner) throw tagTaken(input.tag, owner);
  }
  let id: number | undefined;
  try {
    const { insert, fill } = receiveStatements(db, actor, { product, input });
    const [created] = await db.batch([insert.returning({ id: packages.id }), ...fill]);
    id = created[0]?.id;
  } catch (err) {
    // Another package took the tag since the check.
    if (input.tag && violatesUnique(err, 'packages.tag')) throw tagTaken(input.tag);
    throw err;
  }
  return mustGetPackage(db, id ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Tag, batch, lab results
// ---------------------------------------------------------------------------------------------

/** The fields a PATCH compares, flat, as the audit trail records them. */
function editable(pkg: { tag: string | null; batch: string; labResults: LabResults | null }) {
  const lab = pkg.labResults;
  return {
    tag: pkg.tag,
    batch: pkg.batch,
    thcPercent: lab?.thcPercent ?? null,
    cbdPercent: lab?.cbdPercent ?? null,
    thcMg: lab?.thcMg ?? null,
    testedOn: lab?.testedOn ?? null,
    lab: lab?.lab ?? null,
  };
}

export const KEEP_TAG_MESSAGE = 'A tagged package keeps its tag: correct it instead of clearing it.';

/**
 * PATCH /api/admin/packages/{id}: sets what is given; a change that changes nothing writes
 * nothing. Tagging the opening package lets its waiting sales go to track and trace (D40).
 */
export async function updatePackage(db: Db, actor: string, id: number, change: PackageUpdate): Promise<AdminPackage> {
  const before = await mustGetPackage(db, id);
  if (change.tag === null && before.tag != null) throw new HttpError(422, 'invalid_input', KEEP_TAG_MESSAGE, { tag: KEEP_TAG_MESSAGE });
  // null on an untagged package, like a tag left out, keeps what it has.
  const tag = change.tag ?? before.tag;
  if (tag && tag !== before.tag) {
    const owner = await tagOwner(db, tag, id);
    if (owner) throw tagTaken(tag, owner);
  }
  const after = editable({
    tag,
    batch: change.batch ?? before.batch,
    labResults: change.labResults === undefined ? before.labResults : change.labResults,
  });
  const changes = auditChanges(editable(before), after);
  if (changes.length === 0) return before;
  try {
    await db.batch([
      db
        .update(packages)
        .set({ ...after, updatedAt: DB_NOW_MS })
        .where(eq(packages.id, id)),
      db
        .insert(auditLog)
        .values(
          changes.map((c) => ({ actor, entity: 'product' as const, entityId: before.productId, ...c, field: auditField(id, c.field) })),
        ),
    ]);
  } catch (err) {
    if (tag && violatesUnique(err, 'packages.tag')) throw tagTaken(tag);
    throw err;
  }
  return mustGetPackage(db, id);
}

// ---------------------------------------------------------------------------------------------
// Adjust and finish
// ---------------------------------------------------------------------------------------------

function shortOf(pkg: AdminPackage, take: number): HttpError {
  const message = `Package ${packageName(pkg)} holds ${formatPackageQuantity(pkg.quantity, pkg.unit)}, so ${formatPackageQuantity(take, pkg.unit)} cannot be taken off.`;
  return new HttpError(409, 'out_of_stock', message, { quantity: message });
}

/** One ledger row on the package, its delta computed against what the package holds when it is written. */
function moveStatement(db: Db, id: number, delta: number | SQL, reason: string, note: string, actor: string, only: SQL = sql`1`) {
  return db.run(
    sql`insert into ${stockMovements} (product_id, package_id, delta_milli, reason, note, actor)
        select product_id, id, ${delta}, ${reason}, ${note}, ${actor} from ${packages} where id = ${id} and ${only}`,
  );
}

/**
 * POST /api/admin/packages/{id}/adjust: one ledger row with its reason. Waste and damage take off;
 * a count sets what the package holds (recorded even when it matches, as proof of the count); a
 * signed correction adds or takes off. Taking more than the package holds is a 409 naming
 * `quantity`, whether found here or by the stock guard when a sale got there first.
 */
export async function adjustPackage(db: Db, actor: string, id: number, input: PackageAdjust): Promise<AdminPackage> {
  const pkg = await mustGetPackage(db, id);
  const field = input.countedQuantity !== undefined ? 'countedQuantity' : 'quantity';
  const given = input.countedQuantity ?? input.quantity ?? 0;
  if (!fitsUnit(pkg.unit, given)) throw new HttpError(422, 'invalid_input', PIECES_MESSAGE, { [field]: PIECES_MESSAGE });
  const counted = input.countedQuantity;
  const takesOff = input.reason !== 'correction';
  const delta: number | SQL =
    counted !== undefined ? sql`${toMilli(counted)} - quantity_milli` : takesOff ? -toMilli(Math.abs(given)) : toMilli(given);
  if (typeof delta === 'number' && delta < 0 && toMilli(pkg.quantity) + delta < 0) throw shortOf(pkg, fromMilli(-delta));
  const note =
    counted !== undefined ? [`Counted ${formatPackageQuantity(counted, pkg.unit)}`, input.note].filter(Boolean).join(': ') : input.note;
  try {
    await db.batch([moveStatement(db, id, delta, input.reason, note, actor)]);
  } catch (err) {
    // A sale since the read took what this meant to remove.
    if (isStockGuardError(err) && typeof delta === 'number') throw shortOf(await mustGetPackage(db, id), fromMilli(-delta));
    throw err;
  }
  return mustGetPackage(db, id);
}

/**
 * POST /api/admin/packages/{id}/finish: what remains leaves with the reason given (a row only when
 * something remains, computed at write time), and the package sells no more, in one batch. A
 * finished package a cancel returns stock to sells again (migration 0023).
 */
export async function finishPackage(db: Db, actor: string, id: number, input: PackageFinish): Promise<AdminPackage> {
  const pkg = await mustGetPackage(db, id);
  if (pkg.status === 'finished') throw new HttpError(409, 'already_finished', `Package ${packageName(pkg)} is already finished.`);
  await db.batch([
    moveStatement(db, id, sql`-quantity_milli`, input.reason, input.note || 'Finished', actor, sql`quantity_milli > 0`),
    db.update(packages).set({ status: 'finished', updatedAt: DB_NOW_MS }).where(eq(packages.id, id)),
    db.insert(auditLog).values({
      actor,
      entity: 'product',
      entityId: pkg.productId,
      field: auditField(id, 'status'),
      fromValue: pkg.status,
      toValue: 'finished',
    }),
  ]);
  return mustGetPackage(db, id);
}

// ---------------------------------------------------------------------------------------------
// Certificate of analysis
// ---------------------------------------------------------------------------------------------

/** What the COA routes need of a package; undefined when there is none with that id. */
export async function packageCoa(
  db: Db,
  id: number,
): Promise<{ id: number; productId: number; tag: string | null; coaKey: string | null } | undefined> {
  const [row] = await db
    .select({ id: packages.id, productId: packages.productId, tag: packages.tag, coaKey: packages.coaKey })
    .from(packages)
    .where(eq(packages.id, id));
  return row;
}

/** Points the package at its newly stored COA, with an audit row; the earlier file stays in R2, unread. */
export async function setPackageCoa(db: Db, actor: string, id: number, key: string): Promise<AdminPackage> {
  const pkg = await packageCoa(db, id);
  if (!pkg) throw notFound('Package');
  await db.batch([
    db.update(packages).set({ coaKey: key, updatedAt: DB_NOW_MS }).where(eq(packages.id, id)),
    db
      .insert(auditLog)
      .values({ actor, entity: 'product', entityId: pkg.productId, field: auditField(id, 'coa'), fromValue: pkg.coaKey, toValue: key }),
  ]);
  return mustGetPackage(db, id);
}
