/**
 * The deploy hook's spacing (docs/decisions/0013) against a real libSQL database and a fake hook on
 * 127.0.0.1: at most one call per interval across every caller, one call per catalogue, a failed
 * call made again later, and every call recorded with its answer.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deals, deployHookCalls, products } from '../../src/db/schema.ts';
import { callDeployHookIfDue } from '../../src/features/publish/deploy-hook.server.ts';
import { readPageStamp } from '../../src/features/publish/stamp.server.ts';
import type { PageStamp } from '../../src/features/publish/stamp.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type FakeDeployHook, startFakeDeployHook } from '../helpers/fake-deploy-hook.ts';

const MINUTE = 60_000;
let t: TestDb;
let hook: FakeDeployHook;
let env: { DEPLOY_HOOK_URL: string; DEPLOY_HOOK_MIN_INTERVAL_SECONDS: string };

beforeAll(async () => {
  t = await createTestDb();
  hook = await startFakeDeployHook();
  env = { DEPLOY_HOOK_URL: hook.url, DEPLOY_HOOK_MIN_INTERVAL_SECONDS: '300' };
});
afterAll(async () => {
  await hook?.close();
  t?.close();
});
afterEach(async () => {
  await t.db.delete(deployHookCalls);
  hook.calls.length = 0;
});

/** A content change: the catalogue version moves on. */
async function rename(id: number, name: string) {
  await t.db.update(products).set({ name }).where(eq(products.id, id));
}

const recorded = () =>
  t.db
    .select({ version: deployHookCalls.catalogueVersion, status: deployHookCalls.status, error: deployHookCalls.error })
    .from(deployHookCalls)
    .orderBy(asc(deployHookCalls.id));

/** The stamp the site was last built at: now, before the test's changes. */
async function builtNow(): Promise<PageStamp> {
  const { epoch, version, boundaries } = await readPageStamp(t.db);
  return { epoch, version, boundaries };
}

describe('the deploy hook', () => {
  it('is called once for two changes within the interval, again after it, and every call is recorded', async () => {
    const built = await builtNow();
    const t0 = Date.now();
    await rename(1, 'First rename');
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 })).toMatchObject({ status: 200, error: null });
    await rename(1, 'Second rename');
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + MINUTE })).toBeNull();
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + 4 * MINUTE })).toBeNull();
    expect(hook.calls).toHaveLength(1);

    // The interval has passed and the catalogue moved on since the call: the second change is built.
    const second = await callDeployHookIfDue(t.db, env, built, { now: t0 + 5 * MINUTE + 1 });
    expect(second).toMatchObject({ status: 200, catalogueVersion: built.version + 2 });
    expect(hook.calls).toHaveLength(2);
    expect(await recorded()).toEqual([
      { version: built.version + 1, status: 200, error: null },
      { version: built.version + 2, status: 200, error: null },
    ]);
  });

  it('asks once per catalogue, and not at all while the built pages are current', async () => {
    const built = await builtNow();
    expect(await callDeployHookIfDue(t.db, env, built)).toBeNull();
    await rename(2, 'Renamed once');
    const t0 = Date.now();
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 })).not.toBeNull();
    // Nothing changed since that call: a build is already on its way, even long after.
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + 60 * MINUTE })).toBeNull();
    expect(hook.calls).toHaveLength(1);
  });

  it('is claimed by one caller when many stale requests ask at once', async () => {
    const built = await builtNow();
    await rename(3, 'Busy product');
    const results = await Promise.all(Array.from({ length: 8 }, () => callDeployHookIfDue(t.db, env, built)));
    expect(results.filter((r) => r != null)).toHaveLength(1);
    expect(hook.calls).toHaveLength(1);
    expect(await recorded()).toHaveLength(1);
  });

  it('records a failed call and makes it again once the interval has passed', async () => {
    const built = await builtNow();
    await rename(4, 'Failing hook product');
    hook.failNext(1, 500);
    const t0 = Date.now();
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 })).toMatchObject({ status: 500 });
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + MINUTE })).toBeNull();
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + 6 * MINUTE })).toMatchObject({ status: 200 });

    // A hook that cannot be reached: the error is recorded, the caller is not failed.
    const unreachable = { ...env, DEPLOY_HOOK_URL: 'http://127.0.0.1:9/deploy' };
    await rename(4, 'Failing hook product again');
    expect(await callDeployHookIfDue(t.db, unreachable, built, { now: t0 + 12 * MINUTE })).toMatchObject({
      status: null,
      error: expect.stringContaining('Error'),
    });
    expect((await recorded()).map((r) => r.status)).toEqual([500, 200, null]);
  });

  it('asks again when a deal starts after the last call, though nothing was written', async () => {
    const t0 = Date.now();
    await t.db.insert(deals).values({ name: 'Weekend', percentOff: 20, startsAt: t0 + 30 * MINUTE });
    const built = await builtNow();
    await rename(5, 'Before the weekend');
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 })).not.toBeNull();
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + 20 * MINUTE })).toBeNull();
    // The deal has started: the pages show another price now, so another build is asked for.
    expect(await callDeployHookIfDue(t.db, env, built, { now: t0 + 31 * MINUTE })).toMatchObject({ status: 200 });
    expect(hook.calls).toHaveLength(2);
    await t.db.delete(deals).where(sql`${deals.name} = 'Weekend'`);
  });

  it('does nothing without DEPLOY_HOOK_URL', async () => {
    await rename(6, 'No hook configured');
    expect(await callDeployHookIfDue(t.db, {}, null)).toBeNull();
    expect(await recorded()).toEqual([]);
  });
});
