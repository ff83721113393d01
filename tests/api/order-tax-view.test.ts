/**
 * An order's tax lines wherever it is read (D38), and a patient's registration in the admin (D39):
 * the confirmation's API answers each tax line by name, rate and amount; the admin's list carries
 * the registry number masked but its last 4, and one order's view carries it whole with its expiry
 * and the tax lines. Orders are written straight to the database, as checkout records them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderSummary } from '../../src/features/admin/admin.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { insertOrder } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'tax lines are shown by name';
const MD_TAX = 'Maryland cannabis sales and use tax';

let t: TestDb;
let app: TestApp;
let cookie: string;
let taxed: string;
let patient: string;
let untaxed: string;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, 'owner@tax.example.com', PASSWORD);
  cookie = await signIn(app, 'owner@tax.example.com', PASSWORD, '198.51.100.41');
  const line = { productId: 1, name: 'Gummies', category: 'Edible', quantity: 3, unitPrice: 1441, lineTotal: 4323 };
  // 12 % of $43.23 is 518.76 cents, charged as $5.19; delivery $9.99 untaxed.
  taxed = (
    await insertOrder(
      t.db,
      {
        firstName: 'Mara',
        lastName: 'Taxed',
        subtotal: 4323,
        deliveryFee: 999,
        tax: 519,
        taxLines: [{ name: MD_TAX, basisPoints: 1200, appliesTo: 'goods', amount: 519 }],
        total: 4323 + 999 + 519,
      },
      [line],
    )
  ).ref;
  patient = (
    await insertOrder(
      t.db,
      {
        firstName: 'Dana',
        lastName: 'Patient',
        deliveryState: 'DC',
        deliveryCity: 'Washington',
        deliveryZipCode: '20001',
        patientId: 'DC-00042-7421',
        patientExpiresOn: '2099-03-31',
        total: 4323,
      },
      [line],
    )
  ).ref;
  untaxed = (await insertOrder(t.db, { firstName: 'Una', lastName: 'Untaxed', deliveryState: 'DC', total: 2000 }, [line])).ref;
});
afterAll(() => t.close());

const get = async <T>(path: string): Promise<T> => {
  const res = await app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe('the confirmation page’s order (D38)', () => {
  it('answers each tax line by name, percent and amount, inside the total', async () => {
    const order = await get<OrderView>(`/api/orders/${taxed}`);
    expect(order.taxLines).toEqual([{ name: MD_TAX, percent: 12, amount: 519 }]);
    expect(order.tax).toBe(519);
    expect(order.total).toBe(order.subtotal + order.shipping + order.tax);
    expect((await get<OrderView>(`/api/orders/${untaxed}`)).taxLines).toEqual([]);
  });
});

describe('the admin’s orders (D38, D39)', () => {
  it('lists a patient’s registry number masked but its last 4, never whole', async () => {
    const { orders } = await get<{ orders: AdminOrderSummary[] }>('/api/admin/orders');
    const row = orders.find((o) => o.ref === patient);
    expect(row?.patient).toEqual({ registryMasked: '•••• 7421', expiresOn: '2099-03-31' });
    expect(JSON.stringify(orders)).not.toContain('DC-00042');
    expect(orders.find((o) => o.ref === taxed)?.patient).toBeNull();
  });

  it('shows one order’s registration whole, with its expiry, and its tax lines', async () => {
    const order = await get<AdminOrder>(`/api/admin/orders/${patient}`);
    expect(order.patient).toEqual({ registryId: 'DC-00042-7421', registryMasked: '•••• 7421', expiresOn: '2099-03-31' });
    expect(order.taxLines).toEqual([]);
    const md = await get<AdminOrder>(`/api/admin/orders/${taxed}`);
    expect(md.taxLines).toEqual([{ name: MD_TAX, percent: 12, amount: 519 }]);
    expect(md.tax).toBe(519);
    expect(md.patient).toBeNull();
  });
});
