/**
 * Decision 0027, two writes whose read could go stale before their batch: a staff account's role
 * change, which leaves no driver record linked to an account that is not a driver account, and a
 * product's create or edit, which leaves no active product under a retired category or strain.
 * The competing change runs between each write's reads and its batch (tests/helpers/interleave.ts),
 * so the race happens every time: the write then ends as the data at its batch requires, answers
 * as the read-time check would, and nothing inconsistent is saved.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, drivers, packages, products, stockMovements } from '../../src/db/schema.ts';
import { ProductCreate, ProductUpdate } from '../../src/features/admin/admin.schema.ts';
import { changeStaff, type StaffActor } from '../../src/features/admin/staff-accounts.server.ts';
import { getProductForAdmin } from '../../src/features/catalog/catalog.server.ts';
import { createDriver } from '../../src/features/dispatch/drivers.server.ts';
import { createMenuItem, setRetired } from '../../src/features/menu/categories.server.ts';
import { createProduct, updateProduct } from '../../src/features/menu/products.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { editable } from '../fixtures/products.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { changedBeforeBatch, firstWritingBatch, nthBatch, refusal } from '../helpers/interleave.ts';

const PASSWORD = 'write race gaps password';
const OWNER = 'gaps-owner@example.com';
const ACTOR = `admin:${OWNER}`;
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** One entity's audit trail as 'field:from->to', oldest first. */
async function trail(entity: 'staff' | 'product' | 'category' | 'strain', entityId: number): Promise<string[]> {
  const rows = await t.db
    .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => `${r.field}:${r.from ?? ''}->${r.to ?? ''}`);
}

/** The refusal as the API answers it. */
const answer = (err: HttpError) => ({ status: err.status, code: err.code, message: err.message, fields: err.fields });

describe('changeStaff: a driver record linked between the account read and the batch (D30, D37)', () => {
  let actor: StaffActor;
  let accounts = 0;
  beforeAll(async () => {
    actor = { adminId: await createAdmin(t.db, OWNER, PASSWORD), name: ACTOR };
  });

  /** A new staff account of `role`: its e-mail and id. */
  async function account(role: 'driver' | 'dispatcher'): Promise<{ email: string; id: number }> {
    const email = `gaps-staff-${++accounts}@example.com`;
    return { email, id: await createAdmin(t.db, email, PASSWORD, role) };
  }
  /** The dispatcher's own way of linking a driver record to a driver account. */
  const linkDriver = (name: string, email: string) =>
    createDriver(t.db, { name, phone: '2025550101', active: true, employeeId: '', licenceNumber: '', email });
  const linkedTo = (staffId: number) => t.db.select({ name: drivers.name }).from(drivers).where(eq(drivers.staffId, staffId));
  const staffOf = async (name: string) => (await t.db.select({ staffId: drivers.staffId }).from(drivers).where(eq(drivers.name, name)))[0];

  it('unlinks the record linked meanwhile when the account stops being a driver, and the trail names it', async () => {
    const { email, id } = await account('driver');
    const db = changedBeforeBatch(t.db, nthBatch(1), () => linkDriver('Ida Gap', email));
    const saved = await changeStaff(db, actor, id, { role: 'dispatcher' });
    expect(saved).toMatchObject({ role: 'dispatcher', driver: null });
    expect(await linkedTo(id)).toEqual([]);
    // The record stays, with nobody signing in as it, for the dispatcher to link again.
    expect(await staffOf('Ida Gap')).toEqual({ staffId: null });
    expect(await trail('staff', id)).toEqual(['role:driver->dispatcher', 'driver:Ida Gap->']);
  });

  it('unlinks a record linked before the read the same way', async () => {
    const { email, id } = await account('driver');
    await linkDriver('Jo Gap', email);
    const saved = await changeStaff(t.db, actor, id, { role: 'admin' });
    expect(saved).toMatchObject({ role: 'admin', driver: null });
    expect(await staffOf('Jo Gap')).toEqual({ staffId: null });
    expect(await trail('staff', id)).toEqual(['role:driver->admin', 'driver:Jo Gap->']);
  });

  it('records no unlink for an account that had no driver record', async () => {
    const { id } = await account('dispatcher');
    await changeStaff(t.db, actor, id, { active: false });
    await changeStaff(t.db, actor, id, { role: 'admin', active: true });
    expect(await trail('staff', id)).toEqual(['active:true->false', 'role:dispatcher->admin', 'active:false->true']);
  });

  it('keeps the record of an account that stays a driver account', async () => {
    const { email, id } = await account('driver');
    await linkDriver('Kit Gap', email);
    const saved = await changeStaff(t.db, actor, id, { active: false });
    expect(saved).toMatchObject({ role: 'driver', active: false, driver: { name: 'Kit Gap' } });
    expect(await trail('staff', id)).toEqual(['active:true->false']);
  });

  it('leaves no dispatcher linked when the link and the role change run at once, in either order', async () => {
    const { email, id } = await account('driver');
    const [link, change] = await Promise.allSettled([linkDriver('Lou Gap', email), changeStaff(t.db, actor, id, { role: 'dispatcher' })]);
    expect(change.status).toBe('fulfilled');
    if (link.status === 'rejected') {
      expect(link.reason).toBeInstanceOf(HttpError);
      expect([(link.reason as HttpError).status, (link.reason as HttpError).code]).toEqual([422, 'no_driver_account']);
    }
    expect(await linkedTo(id)).toEqual([]);
    // A link that landed first was undone by the role change, and the trail says so.
    const unlinks = (await trail('staff', id)).filter((r) => r.startsWith('driver:'));
    expect(unlinks).toEqual(link.status === 'fulfilled' ? ['driver:Lou Gap->'] : []);
    expect(await staffOf('Lou Gap')).toEqual(link.status === 'fulfilled' ? { staffId: null } : undefined);
  });
});

describe('products: a category or strain retired between the checks and the batch (M1)', () => {
  let made = 0;
  let flowerId: number;
  beforeAll(async () => {
    const [flower] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.name, 'Flower'), isNull(categories.parentId)));
    if (!flower) throw new Error('no seed Flower');
    flowerId = flower.id;
  });

  const newCategory = async () =>
    (await createMenuItem(t.db, ACTOR, 'category', { name: `Gap Shelf ${++made}`, description: '', image: '' })).id;
  const newStrain = async () =>
    (
      await createMenuItem(t.db, ACTOR, 'strain', {
        name: `Gap Strain ${++made}`,
        description: '',
        image: '',
        strainType: 'Hybrid',
        effects: '',
        bestFor: '',
      })
    ).id;
  const nameOf = async (id: number) =>
    (await t.db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)))[0]?.name;
  const retire = (kind: 'category' | 'strain', id: number) => () => setRetired(t.db, ACTOR, kind, id, true);
  const retiredOf = async (id: number) =>
    (await t.db.select({ retired: categories.retired }).from(categories).where(eq(categories.id, id)))[0]?.retired;

  /** What a refused write could have left behind: the products, their ledger, packages and audit rows. */
  async function written() {
    const [[p], [m], [k], [a]] = await Promise.all([
      t.db.select({ n: count() }).from(products),
      t.db.select({ n: count() }).from(stockMovements),
      t.db.select({ n: count() }).from(packages),
      t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'product')),
    ]);
    return { products: p?.n, movements: m?.n, packages: k?.n, productAudit: a?.n };
  }

  const createInput = (name: string, fields: Record<string, unknown>) =>
    v.parse(ProductCreate, { name, price: 2500, status: 'active', stockQuantity: 5, ...fields });
  const editInput = async (id: number, fields: Record<string, unknown>) => {
    const current = await getProductForAdmin(t.db, id);
    if (!current) throw new Error(`no product ${id}`);
    return v.parse(ProductUpdate, { ...editable(current), ...fields });
  };
  const stateOf = async (id: number) =>
    (
      await t.db
        .select({
          status: products.status,
          categoryId: products.categoryId,
          subcategoryId: products.subcategoryId,
          stock: products.stockMilli,
        })
        .from(products)
        .where(eq(products.id, id))
    )[0];

  describe('createProduct', () => {
    it('refuses an active product in a category retired meanwhile, as a retired category is refused', async () => {
      const shelf = await newCategory();
      const name = await nameOf(shelf);
      const before = await written();
      const input = createInput('Gap Tincture', { categoryId: shelf });
      const err = await refusal(createProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', shelf)), ACTOR, input));
      expect(answer(err)).toEqual({
        status: 422,
        code: 'invalid_product',
        message: `${name} is retired`,
        fields: { categoryId: `${name} is retired` },
      });
      expect(answer(await refusal(createProduct(t.db, ACTOR, input)))).toEqual(answer(err));
      expect(await written()).toEqual(before);
      expect(await retiredOf(shelf)).toBe(true);
    });

    it('refuses an active product under a strain retired meanwhile', async () => {
      const strain = await newStrain();
      const name = await nameOf(strain);
      const before = await written();
      const input = createInput('Gap Bud', { categoryId: flowerId, subcategoryId: strain, price: undefined, price3_5g: 4000 });
      const err = await refusal(createProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('strain', strain)), ACTOR, input));
      expect(answer(err)).toEqual({
        status: 422,
        code: 'invalid_product',
        message: `${name} is retired`,
        fields: { subcategoryId: `${name} is retired` },
      });
      expect(await written()).toEqual(before);
      expect(await retiredOf(strain)).toBe(true);
    });

    it('saves a draft in a category retired meanwhile, as if it came just before the retire', async () => {
      const shelf = await newCategory();
      const input = createInput('Gap Draft Tincture', { categoryId: shelf, status: 'draft' });
      const saved = await createProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', shelf)), ACTOR, input);
      expect(await stateOf(saved.id)).toEqual({ status: 'draft', categoryId: shelf, subcategoryId: null, stock: 5000 });
      expect(await retiredOf(shelf)).toBe(true);
    });
  });

  describe('updateProduct', () => {
    it('refuses making a product active in a category retired meanwhile, and changes none of it', async () => {
      const shelf = await newCategory();
      const name = await nameOf(shelf);
      const draft = await createProduct(t.db, ACTOR, createInput('Gap Balm', { categoryId: shelf, status: 'draft' }));
      const before = await written();
      const input = await editInput(draft.id, { status: 'active', stockQuantity: 9, price: 2700 });
      const err = await refusal(
        updateProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', shelf)), ACTOR, draft.id, input),
      );
      expect(answer(err)).toEqual({
        status: 422,
        code: 'invalid_product',
        message: `${name} is retired.`,
        fields: { status: `${name} is retired` },
      });
      expect(answer(await refusal(updateProduct(t.db, ACTOR, draft.id, input)))).toEqual(answer(err));
      expect(await stateOf(draft.id)).toEqual({ status: 'draft', categoryId: shelf, subcategoryId: null, stock: 5000 });
      expect((await getProductForAdmin(t.db, draft.id))?.price).toBe(2500);
      expect(await written()).toEqual(before);
    });

    it('refuses moving an active product into a category retired meanwhile', async () => {
      const [from, to] = [await newCategory(), await newCategory()];
      const name = await nameOf(to);
      const active = await createProduct(t.db, ACTOR, createInput('Gap Gummies', { categoryId: from }));
      const before = await written();
      const input = await editInput(active.id, { categoryId: to });
      const err = await refusal(
        updateProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', to)), ACTOR, active.id, input),
      );
      expect(answer(err)).toEqual({
        status: 422,
        code: 'invalid_product',
        message: `${name} is retired`,
        fields: { categoryId: `${name} is retired` },
      });
      expect(await stateOf(active.id)).toEqual({ status: 'active', categoryId: from, subcategoryId: null, stock: 5000 });
      expect(await written()).toEqual(before);
      expect(await retiredOf(to)).toBe(true);
    });

    it('refuses moving an active product onto a strain retired meanwhile', async () => {
      const strain = await newStrain();
      const name = await nameOf(strain);
      const bud = await createProduct(t.db, ACTOR, createInput('Gap Kush', { categoryId: flowerId, price: undefined, price3_5g: 4000 }));
      const before = await written();
      const input = await editInput(bud.id, { subcategoryId: strain });
      const err = await refusal(updateProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('strain', strain)), ACTOR, bud.id, input));
      expect(answer(err)).toEqual({
        status: 422,
        code: 'invalid_product',
        message: `${name} is retired`,
        fields: { subcategoryId: `${name} is retired` },
      });
      expect(await stateOf(bud.id)).toEqual({ status: 'active', categoryId: flowerId, subcategoryId: null, stock: 5000 });
      expect(await written()).toEqual(before);
    });

    it('saves moving a draft into a category retired meanwhile: a draft may sit there', async () => {
      const [from, to] = [await newCategory(), await newCategory()];
      const draft = await createProduct(t.db, ACTOR, createInput('Gap Capsules', { categoryId: from, status: 'draft' }));
      const input = await editInput(draft.id, { categoryId: to });
      await updateProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', to)), ACTOR, draft.id, input);
      expect(await stateOf(draft.id)).toEqual({ status: 'draft', categoryId: to, subcategoryId: null, stock: 5000 });
      expect(await retiredOf(to)).toBe(true);
    });

    it('still edits an active product whose category stays as it was read', async () => {
      const shelf = await newCategory();
      const active = await createProduct(t.db, ACTOR, createInput('Gap Spray', { categoryId: shelf }));
      const other = await newCategory();
      const input = await editInput(active.id, { price: 2600 });
      const saved = await updateProduct(changedBeforeBatch(t.db, firstWritingBatch, retire('category', other)), ACTOR, active.id, input);
      expect([saved.status, saved.price]).toEqual(['active', 2600]);
    });
  });
});
