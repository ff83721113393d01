/**
 * The product manager's writes (admin.md §2): create, edit, the inventory switch, delete and bulk
 * actions. Each is one batch, so the product, its ledger rows (D33) and its audit rows (M3) are
 * written together or not at all. Stock never changes here except through a ledger row.
 */
import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { errorText } from '../../db/error-text.ts';
import { auditLog, categories, dealProducts, orderItems, packages, products, slugRedirects, stockMovements } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { BulkEdit, ProductCreate, ProductUpdate } from '../admin/admin.schema.ts';
import type { AdminProduct, BulkResult } from '../admin/admin.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { auditText } from '../audit/audit.ts';
import { getProductForAdmin, WEIGHT_PRICE_COLUMNS } from '../catalog/catalog.server.ts';
import { categoryKey, WEIGHT_OPTIONS } from '../catalog/catalog.ts';
import { baseUnitsToStock, stockToBaseUnits } from '../catalog/stock.ts';
import { nyDate } from '../delivery/windows.ts';
import { intoOpeningPackage, setProductStock } from '../inventory/package-moves.server.ts';
import { packageUnit } from '../inventory/packages.ts';
import { failIf, isGuardRefusal } from '../staff/batch-guard.ts';
import { checkPrices, slugify, uniqueSlug } from './product-fields.ts';
import { type MenuCategory, type Problem, placeProduct, planBulk, retiredPlace, takesNetGrams, takesThcMg } from './products.ts';

type Writes = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** Every category and strain, as the placement rules read them (a few dozen rows). */
const categoriesQuery = (db: Db) =>
  db
    .select({ id: categories.id, name: categories.name, kind: categories.kind, parentId: categories.parentId, retired: categories.retired })
    .from(categories);

/** The columns a write compares against, in the API's names. */
const writeColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  ...WEIGHT_PRICE_COLUMNS,
  rating: products.rating,
  thcContent: products.thcContent,
  cbdContent: products.cbdContent,
  thcMg: products.thcMg,
  netGrams: products.netGrams,
  strainType: products.strainType,
  effects: products.effects,
  flavor: products.flavor,
  origin: products.origin,
  image: products.image,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  status: products.status,
  available: products.available,
  stockMilli: products.stockMilli,
  lowStockMilli: products.lowStockMilli,
  isFeatured: products.isFeatured,
  isBestSeller: products.isBestSeller,
  isNewArrival: products.isNewArrival,
  isOrganic: products.isOrganic,
};
const readForWrite = (db: Db, id: number) => db.select(writeColumns).from(products).where(eq(products.id, id));

/** A product as the audit trail names its fields: the API's names, stock in the base unit. */
function audited(
  row: Readonly<Record<string, unknown>> & { stockMilli?: number | null | undefined; lowStockMilli?: number | null | undefined },
): Record<string, unknown> {
  const { stockMilli, lowStockMilli, ...rest } = row;
  return {
    ...rest,
    ...(stockMilli !== undefined ? { stockQuantity: stockToBaseUnits(stockMilli) } : {}),
    ...(lowStockMilli !== undefined ? { lowStockQuantity: stockToBaseUnits(lowStockMilli) } : {}),
  };
}

const invalidProduct = (p: Problem) => new HttpError(422, 'invalid_product', p.message, p.fields);

/** A guard refused the write, and reading again found no reason the read-time checks give. */
const changedMeanwhile = () =>
  new HttpError(409, 'changed_meanwhile', "The product's category or strain changed while it was being saved. Reload and try again.");

/**
 * The batch statement that fails a product write when the product is active once written and a
 * category or strain it sits in, read as not retired, is retired by then. The checks before the
 * batch refuse a retired place from what they read; a retire that commits between that read and
 * the batch counts the active products it would hide before this write lands, so only this guard
 * keeps an active product from sitting under a retired category. A place already retired when
 * read is not watched: the read-time checks decided about it (a product already there may stay).
 */
function retiredPlaceGuard(db: Db, cats: readonly MenuCategory[], place: (number | null)[], active: SQL) {
  const watched = place.filter((id): id is number => id != null && cats.some((c) => c.id === id && !c.retired));
  if (watched.length === 0) return [];
  return [
    failIf(
      db,
      sql`${active} and exists (select 1 from ${categories} where ${and(eq(categories.retired, true), inArray(categories.id, watched))})`,
    ),
  ];
}

/** A concurrent create can take the slug picked here; the next attempt reads the slugs again. */
const CREATE_ATTEMPTS = 3;

/**
 * POST /api/admin/products. The slug comes from the name, unique against every product's (one
 * query); the stock given enters the ledger as received 'Initial stock'; every field set is
 * audited from nothing.
 */
export async function createProduct(db: Db, actor: string, input: ProductCreate): Promise<AdminProduct> {
  const base = slugify(input.name);
  for (let attempt = 1; ; attempt++) {
    // A slug holds only [a-z0-9-], so it is safe inside LIKE as it is.
    const [cats, taken] = await db.batch([
      categoriesQuery(db),
      db
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), like(products.slug, `${base}-%`))),
    ]);
    const placed = placeProduct(cats, input.categoryId, input.subcategoryId);
    if (!placed.ok) throw invalidProduct(placed);
    const category = categoryKey(placed.category);
    if (input.price === undefined && !WEIGHT_OPTIONS[category]) {
      throw new HttpError(422, 'invalid_product', 'Enter the price.', { price: 'Price is required' });
    }
    const prices = checkPrices(category, { ...input, price: input.price ?? 0 });
    if (!prices.ok) throw invalidProduct(prices);

    const slug = uniqueSlug(base, new Set(taken.map((r) => r.slug)));
    const stock = baseUnitsToStock(input.stockQuantity);
    const values = {
      name: input.name,
      description: input.description,
      price: prices.price,
      salePrice: input.salePrice,
      ...prices.weights,
      // A new product has no reviews; 0 reads as not rated yet (D7: no invented ratings).
      rating: input.rating ?? 0,
      thcContent: input.thcContent,
      cbdContent: input.cbdContent,
      thcMg: takesThcMg(category) ? input.thcMg : null,
      netGrams: takesNetGrams(category) ? input.netGrams : null,
      strainType: input.strainType,
      effects: input.effects,
      flavor: input.flavor || null,
      origin: input.origin || null,
      image: input.image,
      categoryId: placed.category.id,
      subcategoryId: placed.subcategoryId,
      status: input.status,
      lowStockMilli: baseUnitsToStock(input.lowStockQuantity) ?? 0,
      isFeatured: input.isFeatured,
      isBestSeller: input.isBestSeller,
      isNewArrival: input.isNewArrival,
      isOrganic: input.isOrganic,
    };
    // The ledger and audit rows find the new row by its slug, so all of it is one batch.
    const idOf = sql`(select ${products.id} from ${products} where ${products.slug} = ${slug})`;
    const audit = auditInsert(db, actor, 'product', idOf, null, audited({ ...values, stockMilli: stock }));
    try {
      const [created] = await db.batch([
        // Tracked stock starts at 0 and the ledger row brings it to what was received.
        db
          .insert(products)
          .values({ ...values, slug, stockMilli: stock == null ? null : 0 })
          .returning({ id: products.id }),
        // D40: stock given without a package is held in the product's opening package.
        ...(stock
          ? intoOpeningPackage(db, packageUnit(category), nyDate(Date.now()), stock, {
              productId: idOf,
              reason: 'received',
              note: 'Initial stock',
              actor,
            })
          : []),
        ...(values.status === 'active' ? retiredPlaceGuard(db, cats, [values.categoryId, values.subcategoryId], sql`1`) : []),
        ...(audit ? [audit] : []),
      ]);
      const id = created[0]?.id;
      const saved = id == null ? null : await getProductForAdmin(db, id);
      if (!saved) throw notFound('Product');
      return saved;
    } catch (err) {
      if (attempt < CREATE_ATTEMPTS && errorText(err).includes('products.slug')) continue;
      if (!isGuardRefusal(err)) throw err;
      // Retired since the read: reading again gives the refusal the read-time check gives.
      const again = placeProduct(await categoriesQuery(db), input.categoryId, input.subcategoryId);
      if (!again.ok) throw invalidProduct(again);
      throw changedMeanwhile();
    }
  }
}

/** The given value, else the current one; null for a potency field the category does not take. */
function potency<T>(applies: boolean, given: T | null | undefined, current: T | null): T | null {
  if (!applies) return null;
  return given === undefined ? current : given;
}

/**
 * PATCH /api/admin/products/{id}. Its prices must fit its category (menu/product-fields.ts). A
 * changed stock becomes a 'correction' ledger row whose delta is worked out inside the batch, so
 * a sale a moment earlier is not undone; untracking first brings the ledger to zero. Every changed
 * field is audited. A category or strain retired between the read and the batch refuses the write
 * as one retired before the read would (retiredPlaceGuard).
 */
export async function updateProduct(db: Db, actor: string, id: number, input: ProductUpdate): Promise<AdminProduct> {
  /** The product, its place and prices as the edit leaves them, or the refusal (404, 422). */
  const check = async () => {
    const [cats, [row]] = await db.batch([categoriesQuery(db), readForWrite(db, id)]);
    if (!row) throw notFound('Product');
    const categoryId = input.categoryId ?? row.categoryId;
    const strain = input.subcategoryId !== undefined ? input.subcategoryId : categoryId === row.categoryId ? row.subcategoryId : null;
    const placed = placeProduct(cats, categoryId, strain, row);
    if (!placed.ok) throw invalidProduct(placed);
    const prices = checkPrices(categoryKey(placed.category), input);
    if (!prices.ok) throw invalidProduct(prices);
    const retired =
      input.status === 'active' && row.status !== 'active'
        ? retiredPlace(cats, { categoryId: placed.category.id, subcategoryId: placed.subcategoryId })
        : undefined;
    if (retired) throw new HttpError(422, 'invalid_product', `${retired.name} is retired.`, { status: `${retired.name} is retired` });
    return { cats, row, placed, prices };
  };
  const { cats, row, placed, prices } = await check();
  const category = categoryKey(placed.category);

  const set = {
    name: input.name,
    description: input.description,
    price: prices.price,
    salePrice: input.salePrice,
    ...prices.weights,
    rating: input.rating,
    thcContent: input.thcContent,
    cbdContent: input.cbdContent,
    thcMg: potency(takesThcMg(category), input.thcMg, row.thcMg),
    netGrams: potency(takesNetGrams(category), input.netGrams, row.netGrams),
    strainType: input.strainType,
    effects: input.effects,
    flavor: input.flavor || null,
    origin: input.origin === undefined ? undefined : input.origin || null,
    image: input.image,
    categoryId: placed.category.id,
    subcategoryId: placed.subcategoryId,
    status: input.status,
    lowStockMilli: input.lowStockQuantity === undefined ? undefined : (baseUnitsToStock(input.lowStockQuantity) ?? 0),
    isFeatured: input.isFeatured,
    isBestSeller: input.isBestSeller,
    isNewArrival: input.isNewArrival,
    isOrganic: input.isOrganic,
  };
  const stock = baseUnitsToStock(input.stockQuantity);
  // D40: more than the packages hold goes into the opening package; less leaves them first in,
  // first out.
  const ledger =
    stock === row.stockMilli || (stock == null && row.stockMilli === 0)
      ? []
      : setProductStock(db, packageUnit(category), nyDate(Date.now()), stock ?? 0, {
          productId: id,
          reason: 'correction',
          note: stock == null ? 'Stock no longer tracked' : `Stock set to ${input.stockQuantity} in the product editor`,
          actor,
        });
  const audit = auditInsert(db, actor, 'product', id, audited(row), audited({ ...set, stockMilli: stock }));
  const writes: BatchItem<'sqlite'>[] = [
    ...ledger,
    // Untracked is not a quantity, so it is the one write of stock_milli here, after the ledger
    // row has taken it to zero (the ledger still sums to what the product held).
    db
      .update(products)
      .set({ ...set, ...(stock == null ? { stockMilli: null } : {}), updatedAt: Date.now() })
      .where(eq(products.id, id)),
    // After the update, so it reads the status the product is left with, whoever set it.
    ...retiredPlaceGuard(
      db,
      cats,
      [placed.category.id, placed.subcategoryId],
      sql`exists (select 1 from ${products} where ${and(eq(products.id, id), eq(products.status, 'active'))})`,
    ),
  ];
  if (audit) writes.push(audit);
  try {
    await db.batch(writes as Writes);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    // The batch wrote nothing, so reading again finds the product as it was and the place retired.
    await check();
    throw changedMeanwhile();
  }
  const saved = await getProductForAdmin(db, id);
  if (!saved) throw notFound('Product');
  return saved;
}

/** D6: the inventory switch sets availability; the counted stock is kept. Audited. */
export async function setAvailability(db: Db, actor: string, id: number, available: boolean): Promise<AdminProduct> {
  const [row] = await db.select({ available: products.available }).from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product');
  const audit = auditInsert(db, actor, 'product', id, row, { available });
  const writes: BatchItem<'sqlite'>[] = [db.update(products).set({ available, updatedAt: Date.now() }).where(eq(products.id, id))];
  if (audit) writes.push(audit);
  await db.batch(writes as Writes);
  const saved = await getProductForAdmin(db, id);
  if (!saved) throw notFound('Product');
  return saved;
}

export const HAS_ORDERS = 'This product has orders: archive it instead';

/**
 * DELETE /api/admin/products/{id}: only a product no order names, so every past order line stays
 * intact; any other is archived instead. Its ledger, deal memberships and redirects go with it,
 * and the audit trail keeps a 'deleted' row.
 */
export async function deleteProduct(db: Db, actor: string, id: number): Promise<void> {
  const [[row], ordered] = await db.batch([
    db.select({ name: products.name }).from(products).where(eq(products.id, id)),
    db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1),
  ]);
  if (!row) throw notFound('Product');
  const hasOrders = new HttpError(409, 'has_orders', HAS_ORDERS);
  if (ordered.length > 0) throw hasOrders;
  try {
    await db.batch([
      db.insert(auditLog).values({ actor, entity: 'product', entityId: id, field: 'deleted', fromValue: row.name, toValue: null }),
      db.delete(dealProducts).where(eq(dealProducts.productId, id)),
      db.delete(stockMovements).where(eq(stockMovements.productId, id)),
      db.delete(packages).where(eq(packages.productId, id)),
      db.delete(slugRedirects).where(sql`${slugRedirects.kind} = 'product' and ${slugRedirects.targetId} = ${id}`),
      db.delete(products).where(eq(products.id, id)),
    ]);
  } catch (err) {
    // An order placed since the check holds the product by its foreign key.
    if (errorText(err).includes('FOREIGN KEY')) throw hasOrders;
    throw err;
  }
}

/** Audit rows per insert: well under SQLite's limit on bound values (7 a row). */
const AUDIT_ROWS_PER_INSERT = 1000;

/**
 * POST /api/admin/products/bulk: every change the action makes (menu/products.ts planBulk). A
 * preview writes nothing; otherwise every product update and its audit rows are one batch, so
 * the action is applied whole or not at all.
 */
export async function bulkEdit(db: Db, actor: string, edit: BulkEdit, preview: boolean): Promise<BulkResult> {
  const [cats, rows] = await db.batch([
    categoriesQuery(db),
    db
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        price: products.price,
        salePrice: products.salePrice,
        ...WEIGHT_PRICE_COLUMNS,
        thcMg: products.thcMg,
        netGrams: products.netGrams,
      })
      .from(products)
      .where(inArray(products.id, edit.ids)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = edit.ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const message = `No product has the id ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ' …' : ''}`;
    throw new HttpError(422, 'unknown_products', message, { ids: message });
  }
  const plan = planBulk(
    edit.ids.flatMap((id) => byId.get(id) ?? []),
    edit.action,
    cats satisfies MenuCategory[],
  );
  if (!plan.ok) throw new HttpError(422, 'bulk_refused', plan.message, plan.fields);
  const result = { applied: !preview, products: plan.updates.length, changes: plan.changes };
  if (preview || plan.updates.length === 0) return result;

  const now = Date.now();
  const auditRows = plan.changes.map((c) => ({
    actor,
    entity: 'product' as const,
    entityId: c.id,
    field: c.field,
    fromValue: auditText(c.from),
    toValue: auditText(c.to),
  }));
  const writes: BatchItem<'sqlite'>[] = [
    // The plan names columns by their own names and gives each its own kind of value.
    ...plan.updates.map((u) =>
      db
        .update(products)
        .set({ ...(u.set as Partial<typeof products.$inferInsert>), updatedAt: now })
        .where(eq(products.id, u.id)),
    ),
  ];
  for (let i = 0; i < auditRows.length; i += AUDIT_ROWS_PER_INSERT) {
    writes.push(db.insert(auditLog).values(auditRows.slice(i, i + AUDIT_ROWS_PER_INSERT)));
  }
  await db.batch(writes as Writes);
  return result;
}
