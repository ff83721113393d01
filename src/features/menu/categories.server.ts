/**
 * The admin's categories and strains (M1, M3, M4): create, edit, reorder, retire and restore. Every
 * write and its audit rows go to the database together in one batch, which fails when what the write
 * depends on changed since it was read; a slug change leaves the old slug behind as a redirect.
 */
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { categories, products, slugRedirects } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { auditChanges } from '../audit/audit.ts';
import { listCategories } from '../catalog/catalog.server.ts';
import { categoryKey } from '../catalog/catalog.ts';
import { failIf, failUnlessChanged, isGuardRefusal } from '../staff/batch-guard.ts';
import { type AdminCategory, duplicateName, type MenuKind, orderRefusal, retireRefusal, STRAIN_PARENT } from './categories.ts';
import type { CategoryCreate, CategoryUpdate, StrainCreate, StrainUpdate } from './menu.schema.ts';
import { slugify, uniqueSlug } from './product-fields.ts';

/** What a create or an edit may set: a category's fields, and a strain's own on top. */
type MenuInput = CategoryCreate | StrainCreate;
type MenuUpdate = CategoryUpdate | StrainUpdate;

/** Top-level categories have no parent; strains sit beneath Flower. */
const ofKind = (kind: MenuKind): SQL => (kind === 'category' ? isNull(categories.parentId) : isNotNull(categories.parentId));

const isOfKind = (kind: MenuKind, row: { parentId: number | null }) => (kind === 'category' ? row.parentId == null : row.parentId != null);

const missing = (kind: MenuKind) => notFound(kind === 'category' ? 'Category' : 'Strain');

/** The fields a category or strain is audited by (a strain's own ones only when it is one). */
function audited(kind: MenuKind, row: Partial<Record<keyof typeof categories.$inferSelect, unknown>>): Record<string, unknown> {
  const { name, slug, description, image, sortOrder, retired, strainType, effects, bestFor } = row;
  return { name, slug, description, image, sortOrder, retired, ...(kind === 'strain' ? { strainType, effects, bestFor } : {}) };
}

const slugTaken = (slug: string) =>
  new HttpError(409, 'slug_taken', `The slug ${slug} is already used by another category or strain`, {
    slug: 'Already used by another category or strain',
  });

/** Active products per category or strain id (a product counts for its category and its strain). */
async function activeCounts(db: Db): Promise<Map<number, number>> {
  const [byCategory, byStrain] = await db.batch([
    db.select({ id: products.categoryId, n: count() }).from(products).where(eq(products.status, 'active')).groupBy(products.categoryId),
    db
      .select({ id: products.subcategoryId, n: count() })
      .from(products)
      .where(and(eq(products.status, 'active'), isNotNull(products.subcategoryId)))
      .groupBy(products.subcategoryId),
  ]);
  const counts = new Map<number, number>();
  for (const { id, n } of [...byCategory, ...byStrain]) if (id != null) counts.set(id, (counts.get(id) ?? 0) + n);
  return counts;
}

/**
 * Every category and strain, retired ones too, in display order, each with its active products;
 * `kind` keeps one of the two.
 */
export async function listAdminCategories(db: Db, kind?: MenuKind): Promise<AdminCategory[]> {
  const [all, counts] = await Promise.all([listCategories(db, { withRetired: true }), activeCounts(db)]);
  return all
    .filter((c) => kind === undefined || isOfKind(kind, c))
    .map((c) => ({ ...c, retired: c.retired ?? false, activeProducts: counts.get(c.id) ?? 0 }));
}

async function adminCategory(db: Db, kind: MenuKind, id: number): Promise<AdminCategory> {
  const found = (await listAdminCategories(db, kind)).find((c) => c.id === id);
  if (!found) throw missing(kind);
  return found;
}

/** A strain's own fields among those sent (a category's input has none). */
function strainFields(input: MenuInput | MenuUpdate): Pick<StrainUpdate, 'strainType' | 'effects' | 'bestFor'> {
  const out: Pick<StrainUpdate, 'strainType' | 'effects' | 'bestFor'> = {};
  if ('strainType' in input && input.strainType !== undefined) out.strainType = input.strainType;
  if ('effects' in input && input.effects !== undefined) out.effects = input.effects;
  if ('bestFor' in input && input.bestFor !== undefined) out.bestFor = input.bestFor;
  return out;
}

/**
 * A new category (top level, last in order) or strain (beneath Flower, last among strains). Without
 * a slug one is made from the name that no category, strain or old address of one uses.
 */
export async function createMenuItem(db: Db, actor: string, kind: MenuKind, input: MenuInput): Promise<AdminCategory> {
  const [rows, redirects] = await db.batch([
    db
      .select({
        id: categories.id,
        name: categories.name,
        kind: categories.kind,
        slug: categories.slug,
        parentId: categories.parentId,
        sortOrder: categories.sortOrder,
      })
      .from(categories),
    db.select({ oldSlug: slugRedirects.oldSlug }).from(slugRedirects).where(eq(slugRedirects.kind, kind)),
  ]);
  const siblings = rows.filter((r) => isOfKind(kind, r));
  const duplicate = duplicateName(kind, input.name, siblings);
  if (duplicate) throw new HttpError(409, 'name_taken', duplicate, { name: duplicate });
  let parentId: number | null = null;
  if (kind === 'strain') {
    const parent = rows.find((r) => r.parentId == null && categoryKey(r) === STRAIN_PARENT);
    if (!parent) throw new HttpError(409, 'no_parent', `Strains belong to the ${STRAIN_PARENT} category, and there is none.`);
    parentId = parent.id;
  }
  const slugs = new Set(rows.map((r) => r.slug));
  if (input.slug && slugs.has(input.slug)) throw slugTaken(input.slug);
  // An explicit slug may take over an old address (its redirect goes); a made-up one leaves them be.
  const slug = input.slug ?? uniqueSlug(slugify(input.name), new Set([...slugs, ...redirects.map((r) => r.oldSlug)]));
  const sortOrder = siblings.reduce((top, r) => Math.max(top, r.sortOrder), 0) + 1;
  const values = {
    name: input.name,
    slug,
    description: input.description,
    image: input.image,
    parentId,
    sortOrder,
    ...strainFields(input),
  };
  const audit = auditInsert(
    db,
    actor,
    kind,
    sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`,
    null,
    audited(kind, values),
  );
  try {
    await db.batch([
      db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, slug))),
      db.insert(categories).values(values),
      ...(audit ? [audit] : []),
    ]);
  } catch (err) {
    if (violatesUnique(err, 'categories.slug')) throw slugTaken(slug);
    throw err;
  }
  const [created] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!created) throw missing(kind);
  return adminCategory(db, kind, created.id);
}

/**
 * Changes the fields sent. A new slug leaves the old one as a redirect to this id (so every earlier
 * slug still leads here), and takes over any redirect that had the new slug.
 */
export async function updateMenuItem(db: Db, actor: string, kind: MenuKind, id: number, input: MenuUpdate): Promise<AdminCategory> {
  const rows = await db.select().from(categories);
  const row = rows.find((r) => r.id === id);
  if (!row || !isOfKind(kind, row)) throw missing(kind);
  const next = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.image !== undefined ? { image: input.image } : {}),
    ...(kind === 'strain' ? strainFields(input) : {}),
  };
  if (next.name !== undefined) {
    const refusal = duplicateName(
      kind,
      next.name,
      rows.filter((r) => isOfKind(kind, r)),
      id,
    );
    if (refusal) throw new HttpError(409, 'name_refused', refusal, { name: refusal });
  }
  const newSlug = next.slug !== undefined && next.slug !== row.slug ? next.slug : null;
  if (newSlug && rows.some((r) => r.slug === newSlug)) throw slugTaken(newSlug);
  if (auditChanges(audited(kind, row), next).length === 0) return adminCategory(db, kind, id);

  const writes: BatchItem<'sqlite'>[] = [db.update(categories).set(next).where(eq(categories.id, id))];
  if (newSlug) {
    writes.push(
      db.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, newSlug))),
      db
        .insert(slugRedirects)
        .values({ kind, oldSlug: row.slug, targetId: id })
        .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.oldSlug], set: { targetId: id } }),
    );
  }
  const audit = auditInsert(db, actor, kind, id, audited(kind, row), next);
  if (audit) writes.push(audit);
  try {
    await db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    if (newSlug && violatesUnique(err, 'categories.slug')) throw slugTaken(newSlug);
    throw err;
  }
  return adminCategory(db, kind, id);
}

/**
 * A new order for every top-level category (the home page's 'Shop by Category' follows it) or every
 * strain: each takes its place in `ids` as its sort order.
 */
export async function reorderMenu(db: Db, actor: string, kind: MenuKind, ids: readonly number[]): Promise<AdminCategory[]> {
  const siblings = await db
    .select({ id: categories.id, sortOrder: categories.sortOrder })
    .from(categories)
    .where(ofKind(kind))
    .orderBy(asc(categories.id));
  const refusal = orderRefusal(
    kind,
    siblings.map((s) => s.id),
    ids,
  );
  if (refusal) throw new HttpError(409, 'order_stale', refusal, { ids: refusal });
  const before = new Map(siblings.map((s) => [s.id, s.sortOrder]));
  const writes: BatchItem<'sqlite'>[] = [];
  ids.forEach((id, i) => {
    const sortOrder = i + 1;
    if (before.get(id) === sortOrder) return;
    writes.push(db.update(categories).set({ sortOrder }).where(eq(categories.id, id)));
    const audit = auditInsert(db, actor, kind, id, { sortOrder: before.get(id) }, { sortOrder });
    if (audit) writes.push(audit);
  });
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return listAdminCategories(db, kind);
}

/** The active products that keep a category or strain from being retired. */
const holdingProducts = (kind: MenuKind, id: number): SQL =>
  sql`${products.status} = 'active' and ${kind === 'category' ? products.categoryId : products.subcategoryId} = ${id}`;

/**
 * Retires (hides everywhere, keeps for past orders and redirects) or restores one, in one batch.
 * Retiring is refused while active products still name it. The batch changes the row only as it
 * was read and fails when an active product names it by then, so a product made active meanwhile
 * cannot slip under a retired category; reading again then gives the refusal its reason.
 */
export async function setRetired(db: Db, actor: string, kind: MenuKind, id: number, retired: boolean): Promise<AdminCategory> {
  /** The row to change, or null when it already is as asked (404 or 409 for what may not be done). */
  const check = async () => {
    const [row] = await db
      .select()
      .from(categories)
      .where(and(eq(categories.id, id), ofKind(kind)));
    if (!row) throw missing(kind);
    if (row.retired === retired) return null;
    if (retired) {
      const [held] = await db.select({ n: count() }).from(products).where(holdingProducts(kind, id));
      const refusal = retireRefusal(kind, held?.n ?? 0);
      if (refusal) throw new HttpError(409, 'still_in_use', refusal);
    }
    return row;
  };
  const row = await check();
  if (!row) return adminCategory(db, kind, id);
  const audit = auditInsert(db, actor, kind, id, { retired: row.retired }, { retired });
  try {
    await db.batch([
      db
        .update(categories)
        .set({ retired })
        .where(and(eq(categories.id, id), eq(categories.retired, row.retired))),
      failUnlessChanged(db),
      ...(retired ? [failIf(db, sql`exists (select 1 from ${products} where ${holdingProducts(kind, id)})`)] : []),
      ...(audit ? [audit] : []),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    // Another admin's retire or restore, or a product made active, came first. The same change
    // made by someone else is this one done.
    if (await check()) {
      throw new HttpError(409, 'changed_meanwhile', `This ${kind} changed while it was being saved. Reload and try again.`);
    }
  }
  return adminCategory(db, kind, id);
}
