/**
 * D38: the law of each state as data, through the real app and a real database built from the
 * migrations: the defaults with their sources, the public answer, an admin's change taking effect
 * on the next request and landing in the trail, refusals naming their field, and a state opening on
 * its date without a release.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, states } from '../../src/db/schema.ts';
import { type PublicState, publicState, salesOn, taxPercentOnGoods } from '../../src/features/delivery/states.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';
import { patchState, signIn } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'states test password';
let t: TestDb;
let app: TestApp;
const cookies = { admin: '', dispatcher: '' };

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  for (const role of ['admin', 'dispatcher'] as const) {
    await createAdmin(t.db, `${role}-states@example.com`, PASSWORD, role);
    cookies[role] = await signIn(app, `${role}-states@example.com`, PASSWORD, `198.51.100.${role.length + 60}`);
  }
});
afterAll(() => t.close());

const publicStates = async () => {
  const res = await app.request('/api/states');
  expect(res.status).toBe(200);
  return (await res.json()) as PublicState[];
};

const patch = (code: string, body: unknown, as: keyof typeof cookies = 'admin') => patchState(app, cookies[as], code, body);

describe('GET /api/states', () => {
  it('answers every state with what it allows, from the checked defaults', async () => {
    const all = await publicStates();
    expect(all.map((s) => [s.code, s.sales, s.opensOn, s.taxPercent])).toEqual([
      ['DC', 'patients', null, 0],
      ['MD', 'adult', '2023-07-01', 12],
      ['VA', 'closed', null, 0],
    ]);
    expect(all.find((s) => s.code === 'MD')?.taxes).toEqual([
      { name: 'Maryland cannabis sales and use tax', percent: 12, appliesTo: 'goods' },
    ]);
  });

  it('keeps a source and the date checked for every rule, and marks what waits to be confirmed', async () => {
    const res = await app.request('/api/admin/states', { headers: { cookie: cookies.admin } });
    const { states: all } = (await res.json()) as {
      states: { code: string; rules: { sources: Record<string, { source: string; checkedOn: string }> }; toConfirm: string[] }[];
    };
    for (const s of all) {
      for (const [rule, source] of Object.entries(s.rules.sources)) {
        expect(source.source.length, `${s.code} ${rule}`).toBeGreaterThan(10);
        expect(source.checkedOn, `${s.code} ${rule}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    expect(all.find((s) => s.code === 'VA')?.toConfirm).toContain('opensOn');
    expect(all.find((s) => s.code === 'MD')?.toConfirm).toContain('taxes');
  });
});

describe('PATCH /api/admin/states/{code}', () => {
  it('changes a rule for the next request, and records who changed what', async () => {
    const res = await patch('VA', {
      sales: 'adult',
      opensOn: '2027-01-01',
      taxes: [{ name: 'Virginia cannabis excise tax', percent: 8, appliesTo: 'goods' }],
      sources: { opensOn: { source: 'Test: the opening date as enacted', checkedOn: '2026-11-28', toConfirm: false } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const va = (await publicStates()).find((s) => s.code === 'VA');
    // Before its opening date it is closed all the same; its tax is known already.
    expect(va).toMatchObject({
      sales: Date.now() < toEpochOrThrow('2027-01-01T00:00') ? 'closed' : 'adult',
      opensOn: '2027-01-01',
      taxPercent: 8,
    });
    const [row] = await t.db.select().from(states).where(eq(states.code, 'VA'));
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'state'), eq(auditLog.entityId, row?.id ?? 0)));
    expect(trail.map((a) => a.field).sort()).toEqual(['opensOn', 'sales', 'sources', 'taxes']);
    expect([...new Set(trail.map((a) => a.actor))]).toEqual(['admin:admin-states@example.com']);

    const history = await app.request('/api/admin/states/VA/history', { headers: { cookie: cookies.admin } });
    expect(((await history.json()) as { history: unknown[] }).history.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const before = await t.db.select().from(states).where(eq(states.code, 'MD'));
    for (const [body, field] of [
      [{ sales: 'everyone' }, 'sales'],
      [{ opensOn: '2027-02-30' }, 'opensOn'],
      [{ taxes: [{ name: 'Tax', percent: 12.345, appliesTo: 'goods' }] }, 'taxes'],
      [{ taxes: [{ name: 'Tax', percent: 12, appliesTo: 'tips' }] }, 'taxes'],
      [{ deliveryStart: '25:00' }, 'deliveryStart'],
      [{ deliveryStart: '22:00' }, 'deliveryEnd'],
      [{}, 'state'],
      [{ unknown: 1 }, 'unknown'],
    ] as const) {
      const res = await patch('MD', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { fields?: Record<string, string> };
      expect(
        Object.keys(error.fields ?? {}).some((f) => f.startsWith(field)),
        `${JSON.stringify(body)}: ${JSON.stringify(error)}`,
      ).toBe(true);
    }
    expect(await t.db.select().from(states).where(eq(states.code, 'MD'))).toEqual(before);
  });

  it('answers 404 for a state the shop does not know, and only admins may change one', async () => {
    expect((await patch('NY', { sales: 'closed' })).status).toBe(404);
    expect((await patch('MD', { sales: 'closed' }, 'dispatcher')).status).toBe(403);
    expect((await app.request('/api/admin/states', { headers: { cookie: cookies.dispatcher } })).status).toBe(403);
  });
});

describe('the rules', () => {
  it('open a state on its New York date, not before', () => {
    const state = { sales: 'adult' as const, opensOn: '2027-01-01' };
    expect(salesOn(state, '2026-12-31')).toBe('closed');
    expect(salesOn(state, '2027-01-01')).toBe('adult');
    expect(salesOn({ sales: 'closed', opensOn: '2020-01-01' }, '2027-01-01')).toBe('closed');
    // 23:59 New York on 31 December is already 1 January in UTC: the state is still closed.
    const row = {
      code: 'VA',
      name: 'Virginia',
      taxes: [],
      limitScope: 'day' as const,
      deliveryStart: '09:00',
      deliveryEnd: '21:00',
      updatedAt: 0,
      sources: {} as never,
      ...state,
    };
    expect(publicState(row, toEpochOrThrow('2026-12-31T23:59')).sales).toBe('closed');
    expect(publicState(row, toEpochOrThrow('2027-01-01T00:00')).sales).toBe('adult');
  });

  it('add up the percent charged on goods, leaving out a fee-only line', () => {
    expect(
      taxPercentOnGoods([
        { name: 'A', basisPoints: 1200, appliesTo: 'goods' },
        { name: 'B', basisPoints: 25, appliesTo: 'both' },
        { name: 'C', basisPoints: 600, appliesTo: 'fee' },
      ]),
    ).toBe(12.25);
  });
});
