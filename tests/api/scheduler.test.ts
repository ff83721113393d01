/**
 * The scheduled jobs' endpoint (docs/decisions/0021) through the Hono app against a real libSQL
 * database: hidden without the secret, the daily summary at 7:00 New York across both of 2026's
 * clock changes and once a day, the catch-up publish, housekeeping and each job's own failure.
 * The clock the route reads is faked (Date only), so no test waits for a time of day.
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminSessions,
  admins,
  dailySummaries,
  deployHookCalls,
  idempotencyKeys,
  loginAttempts,
  outbox,
  staffTokens,
} from '../../src/db/schema.ts';
import { BUILT_CATALOGUE_PATH, builtCatalogue } from '../../src/features/publish/built.ts';
import { readPageStamp } from '../../src/features/publish/stamp.server.ts';
import { saveReportSettings } from '../../src/features/reports/reports.server.ts';
import { HOUSEKEEPING_BATCH, houseKeep } from '../../src/features/scheduler/housekeeping.server.ts';
import { type RunAnswer, runScheduledJobs } from '../../src/features/scheduler/jobs.server.ts';
import { JOB_DEADLINE_MS, SCHEDULER_RUN_PATH } from '../../src/features/scheduler/scheduler.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testBindings, testStaticFiles } from '../helpers/env.ts';
import { type FakeDeployHook, startFakeDeployHook } from '../helpers/fake-deploy-hook.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';

const SECRET = 'a-scheduler-secret-of-more-than-32-characters';
const ADMINS = ['owner@scheduler.example.com', 'partner@scheduler.example.com'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestDb;
let app: TestApp;
let mail: FakeMailServer;
let env: Bindings;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testApp({ db: () => t.db });
  mail = await startFakeMailServer();
  env = testBindings({
    MAIL_API_URL: mail.url,
    MAIL_API_KEY: 'key',
    MAIL_FROM: 'shop@example.com',
    SITE_URL: 'https://shop.example',
    SCHEDULER_SECRET: SECRET,
  });
  for (const email of ADMINS) await createAdmin(t.db, email, 'a long enough password');
  await createAdmin(t.db, 'dispatch@scheduler.example.com', 'a long enough password', 'dispatcher');
  await saveReportSettings(t.db, { dailySummary: true });
});
afterAll(async () => {
  await mail.close();
  t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The route's clock, set to `iso`; timers stay real, so fetches and deadlines work as ever. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

function run(headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }, bindings: Bindings = env, method = 'POST') {
  return app.request(SCHEDULER_RUN_PATH, { method, headers }, bindings);
}

async function runOk(): Promise<RunAnswer> {
  const res = await run();
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as RunAnswer;
}

function withoutSecret(): Bindings {
  const { SCHEDULER_SECRET: _unset, ...rest } = env;
  return testBindings(rest);
}

const summaryRows = async (date: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.kind, 'daily_summary'))).filter((r) => r.subject.includes(`for ${date}:`));

describe('the endpoint without the secret', () => {
  const anExpiredSession = 'f'.repeat(64);
  beforeEach(async () => {
    const [admin] = await t.db.select({ id: admins.id }).from(admins).limit(1);
    await t.db
      .insert(adminSessions)
      .values({ tokenHash: anExpiredSession, adminId: admin?.id ?? 0, expiresAt: Date.parse('2026-01-01T00:00:00Z') })
      .onConflictDoNothing();
  });

  it('answers the API’s 404 for an unknown path when the secret is unset, the header missing or the secret wrong, and runs nothing', async () => {
    const unknown = await app.request('/api/no-such-route', { method: 'POST' }, env);
    const notFound = { error: `No API route for POST ${SCHEDULER_RUN_PATH}`, code: 'not_found' };
    const refused: [string, Promise<Response>][] = [
      ['secret unset', run(undefined, withoutSecret())],
      ['secret blank', run(undefined, testBindings({ ...env, SCHEDULER_SECRET: '  ' }))],
      ['no header', run({})],
      ['wrong secret', run({ authorization: `Bearer ${SECRET}x` })],
      ['secret cut short', run({ authorization: `Bearer ${SECRET.slice(0, -1)}` })],
      ['another scheme', run({ authorization: `Basic ${SECRET}` })],
      ['bare secret', run({ authorization: SECRET })],
      ['empty bearer', run({ authorization: 'Bearer ' })],
      ['GET with the secret', run(undefined, env, 'GET')],
    ];
    for (const [label, answer] of refused) {
      const res = await answer;
      expect(res.status, label).toBe(404);
      expect(res.headers.get('content-type'), label).toBe(unknown.headers.get('content-type'));
      expect(res.headers.get('cache-control'), label).toBe(unknown.headers.get('cache-control'));
      const body = await res.json();
      expect(body, label).toEqual(
        label.startsWith('GET') ? { ...notFound, error: `No API route for GET ${SCHEDULER_RUN_PATH}` } : notFound,
      );
    }
    expect(await unknown.json()).toEqual({ error: 'No API route for POST /api/no-such-route', code: 'not_found' });
    // Nothing ran: the expired session is still there and no summary was written.
    expect(await t.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, anExpiredSession))).toHaveLength(1);
    expect(await t.db.select().from(dailySummaries)).toEqual([]);
  });

  it('runs the jobs with the secret', async () => {
    clockAt('2026-06-02T10:00:00Z'); // 06:00 New York: the summary is not due yet
    const answer = await runOk();
    expect(answer.ok).toBe(true);
    expect(Object.keys(answer.jobs)).toEqual(['dailySummary', 'publish', 'housekeeping']);
    expect(answer.jobs.dailySummary).toEqual({ status: 'done', result: { sent: false, reason: 'not_yet', at: '07:00 America/New_York' } });
    expect(answer.jobs.publish).toEqual({ status: 'done', result: { called: false, reason: 'no_deploy_hook' } });
    expect(answer.jobs.housekeeping).toMatchObject({ status: 'done', result: { adminSessions: { deleted: 1, more: false } } });
    expect(await t.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, anExpiredSession))).toEqual([]);
  });
});

describe('the daily summary at 7:00 New York (R7)', () => {
  const summaryAt = async (iso: string) => {
    clockAt(iso);
    const answer = await runOk();
    vi.useRealTimers();
    expect(answer.jobs.dailySummary.status).toBe('done');
    return answer.jobs.dailySummary.status === 'done' ? answer.jobs.dailySummary.result : null;
  };

  it('in EDT on the morning the clocks spring forward (2026-03-08): not at 06:59, sent at 07:00', async () => {
    expect(await summaryAt('2026-03-08T10:59:00Z')).toMatchObject({ sent: false, reason: 'not_yet' });
    expect(await summaryRows('2026-03-07')).toEqual([]);
    expect(await summaryAt('2026-03-08T11:00:00Z')).toEqual({ sent: true, date: '2026-03-07' });
    expect(await summaryRows('2026-03-07')).toHaveLength(ADMINS.length);
  });

  it('in EST on the morning the clocks fall back (2026-11-01): not at 06:59, sent at 07:00', async () => {
    // 11:00 UTC is 07:00 the day before, in EDT, but 06:00 on this one.
    expect(await summaryAt('2026-11-01T11:00:00Z')).toMatchObject({ sent: false, reason: 'not_yet' });
    expect(await summaryAt('2026-11-01T11:59:00Z')).toMatchObject({ sent: false, reason: 'not_yet' });
    expect(await summaryRows('2026-10-31')).toEqual([]);
    expect(await summaryAt('2026-11-01T12:00:00Z')).toEqual({ sent: true, date: '2026-10-31' });
    expect(await summaryRows('2026-10-31')).toHaveLength(ADMINS.length);
  });

  it('is sent once however often the scheduler asks that day: one summary, one set of e-mails', async () => {
    const date = '2026-12-14';
    const mailed = () => mail.received.filter((m) => m.body.subject.includes(`for ${date}:`));
    expect(await summaryAt('2026-12-15T06:55:00Z')).toMatchObject({ sent: false, reason: 'not_yet' }); // 01:55 EST
    expect(await summaryAt('2026-12-15T12:05:00Z')).toEqual({ sent: true, date });
    expect(await summaryAt('2026-12-15T12:10:00Z')).toEqual({ sent: false, date, reason: 'already_sent' });
    expect(await summaryAt('2026-12-16T04:55:00Z')).toEqual({ sent: false, date, reason: 'already_sent' }); // 23:55 EST
    expect((await summaryRows(date)).map((r) => r.toAddress).sort()).toEqual([...ADMINS].sort());
    await vi.waitFor(() => expect(mailed()).toHaveLength(ADMINS.length), { timeout: 10_000, interval: 50 });
    expect(
      mailed()
        .map((m) => m.body.to)
        .sort(),
    ).toEqual([...ADMINS].sort());
    expect(await t.db.select().from(dailySummaries).where(eq(dailySummaries.date, date))).toHaveLength(1);
  });

  it('is not sent by a staff page opening: GET /api/admin/me only answers who is signed in', async () => {
    clockAt('2026-12-20T15:00:00Z');
    const login = await app.request(
      '/api/admin/login',
      {
        method: 'POST',
        headers: { origin: 'http://localhost', 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.50' },
        body: JSON.stringify({ email: ADMINS[0], password: 'a long enough password' }),
      },
      env,
    );
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = await app.request('/api/admin/me', { headers: { cookie } }, env);
    expect(await me.json()).toMatchObject({ isLoggedIn: true, email: ADMINS[0] });
    expect(await t.db.select().from(dailySummaries).where(eq(dailySummaries.date, '2026-12-19'))).toEqual([]);
    // Had the page's request started sending it, this ask would find it taken.
    const asked = await app.request(
      '/api/admin/report-settings/daily-summary',
      { method: 'POST', headers: { cookie, origin: 'http://localhost' } },
      env,
    );
    expect(await asked.json()).toEqual({ sent: true, date: '2026-12-19' });
  });
});

describe('the catch-up publish', () => {
  let hook: FakeDeployHook;
  beforeAll(async () => {
    hook = await startFakeDeployHook();
  });
  afterAll(() => hook.close());

  it('calls the deploy hook when the built pages are older than the catalogue, spaced and recorded', async () => {
    const stamp = await readPageStamp(t.db);
    const record = (version: number) =>
      testStaticFiles((req) =>
        new URL(req.url).pathname === BUILT_CATALOGUE_PATH
          ? Response.json(builtCatalogue({ ...stamp, version }, 'https://shop.example', 'build-1'))
          : new Response('not found', { status: 404 }),
      );
    const withHook = (version: number) => testBindings({ ...env, DEPLOY_HOOK_URL: hook.url, ASSETS: record(version) });
    const publish = async (bindings: Bindings) => {
      const res = await run(undefined, bindings);
      const answer = (await res.json()) as RunAnswer;
      return answer.jobs.publish;
    };
    // Built from the current catalogue: nothing to do.
    expect(await publish(withHook(stamp.version))).toEqual({ status: 'done', result: { called: false, reason: 'up_to_date_or_spaced' } });
    expect(hook.calls).toHaveLength(0);
    // Built from an older one: one call, recorded with its answer.
    expect(await publish(withHook(stamp.version - 1))).toEqual({ status: 'done', result: { called: true, status: 200, error: null } });
    expect(hook.calls).toHaveLength(1);
    expect(await t.db.select().from(deployHookCalls)).toEqual([expect.objectContaining({ catalogueVersion: stamp.version, status: 200 })]);
    // Asked again at once: the call is spaced, not repeated.
    expect(await publish(withHook(stamp.version - 1))).toEqual({
      status: 'done',
      result: { called: false, reason: 'up_to_date_or_spaced' },
    });
    expect(hook.calls).toHaveLength(1);
  });
});

describe('each job on its own', () => {
  it('a job that fails is reported, and the others still run', async () => {
    const broken = await createTestDb({ seed: false });
    try {
      await broken.db.run(sql`drop table login_attempts`);
      const brokenApp = testApp({ db: () => broken.db });
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      const res = await brokenApp.request(SCHEDULER_RUN_PATH, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` } }, env);
      quiet.mockRestore();
      expect(res.status).toBe(200);
      const answer = (await res.json()) as RunAnswer;
      expect(answer.ok).toBe(false);
      expect(answer.jobs.housekeeping).toEqual({ status: 'failed', error: expect.stringMatching(/login_attempts/) });
      expect(answer.jobs.dailySummary.status).toBe('done');
      expect(answer.jobs.publish.status).toBe('done');
    } finally {
      broken.close();
    }
  });
});

describe('a job past its deadline', () => {
  it('is reported as timed out, left to finish in the background, and the others are not held up', async () => {
    // A deploy hook that takes the request and never answers.
    const sockets = new Set<Socket>();
    let gone = false;
    const hung = createServer(() => {});
    hung.on('connection', (s) => (gone ? s.destroy() : sockets.add(s)));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const address = hung.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/deploy-hook`;
    const h = await createTestDb({ seed: false });
    const kept: Promise<unknown>[] = [];
    try {
      const answer = await runScheduledJobs({
        db: h.db,
        env: { DEPLOY_HOOK_URL: url },
        now: Date.parse('2026-06-10T10:00:00Z'),
        assets: undefined,
        origin: 'https://shop.example',
        keepAlive: (work) => kept.push(work),
        deadlines: { ...JOB_DEADLINE_MS, publish: 200 },
      });
      expect(answer.ok).toBe(false);
      expect(answer.jobs.publish).toEqual({ status: 'timed_out', afterMs: 200 });
      expect(answer.jobs.dailySummary.status).toBe('done');
      expect(answer.jobs.housekeeping.status).toBe('done');
      expect(kept).toHaveLength(1);
      // The hook goes away: the call kept alive ends and records the failure.
      gone = true;
      for (const s of sockets) s.destroy();
      await Promise.all(kept);
      const [call] = await h.db.select().from(deployHookCalls);
      expect(call?.status).toBeNull();
      expect(call?.error).toEqual(expect.any(String));
    } finally {
      await new Promise((resolve) => hung.close(resolve));
      h.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes exactly what has expired and keeps what is live', async () => {
    const h = await createTestDb({ seed: false });
    try {
      const now = Date.parse('2026-06-10T12:00:00Z');
      const adminId = await createAdmin(h.db, 'keep@scheduler.example.com', 'a long enough password');
      const hash = (n: number) => n.toString(16).padStart(64, '0');
      await h.db.insert(adminSessions).values([
        { tokenHash: hash(1), adminId, expiresAt: now - 1 },
        { tokenHash: hash(2), adminId, expiresAt: now },
        { tokenHash: hash(3), adminId, expiresAt: now + 1 },
      ]);
      const link = (n: number, expiresAt: number, usedAt: number | null) =>
        ({ tokenHash: hash(n), adminId, purpose: 'invite', expiresAt, usedAt, createdBy: 'admin:keep@scheduler.example.com' }) as const;
      await h.db.insert(staffTokens).values([
        link(10, now - MINUTE, null), // expired, never used
        link(11, now + DAY, now - 2 * DAY), // used two days ago
        link(12, now + DAY, now - MINUTE), // used a minute ago: kept for the day
        link(13, now + DAY, null), // live
      ]);
      await h.db.insert(idempotencyKeys).values([
        { key: 'old-key-8-days', requestHash: 'h', orderRef: 'r1', createdAt: now - 8 * DAY },
        { key: 'key-7-days-less-a-minute', requestHash: 'h', orderRef: 'r2', createdAt: now - 7 * DAY + MINUTE },
        { key: 'fresh-key', requestHash: 'h', orderRef: 'r3', createdAt: now - MINUTE },
      ]);
      // locked_until is when the counter's window ends, whatever the limit's window (rate-limit.server.ts).
      await h.db.insert(loginAttempts).values([
        { key: 'ip:stale', failures: 2, windowStart: now - 60 * MINUTE, lockedUntil: now - 45 * MINUTE },
        { key: 'ip:lock-lifted', failures: 5, windowStart: now - 60 * MINUTE, lockedUntil: now - 30 * MINUTE },
        { key: 'ip:in-window', failures: 1, windowStart: now - 5 * MINUTE, lockedUntil: now + 10 * MINUTE },
        { key: 'account:still-locked', failures: 60, windowStart: now - 50 * MINUTE, lockedUntil: now + 10 * MINUTE },
        { key: 'contact:no-end-recent', failures: 1, windowStart: now - 60 * MINUTE, lockedUntil: null },
        { key: 'contact:no-end-old', failures: 1, windowStart: now - 2 * DAY, lockedUntil: null },
      ]);
      await h.db.insert(deployHookCalls).values([
        { catalogueVersion: 1, calledAt: now - 40 * DAY, status: 200 },
        { catalogueVersion: 2, calledAt: now - 31 * DAY, status: 200 },
        { catalogueVersion: 3, calledAt: now - 2 * DAY, status: 200 },
      ]);

      const result = await houseKeep(h.db, now);
      expect(result).toEqual({
        adminSessions: { deleted: 2, more: false },
        staffTokens: { deleted: 2, more: false },
        idempotencyKeys: { deleted: 1, more: false },
        loginAttempts: { deleted: 3, more: false },
        deployHookCalls: { deleted: 2, more: false },
      });
      expect((await h.db.select().from(adminSessions)).map((r) => r.tokenHash)).toEqual([hash(3)]);
      expect((await h.db.select().from(staffTokens)).map((r) => r.tokenHash).sort()).toEqual([hash(12), hash(13)]);
      expect((await h.db.select().from(idempotencyKeys)).map((r) => r.key).sort()).toEqual(['fresh-key', 'key-7-days-less-a-minute']);
      expect((await h.db.select().from(loginAttempts)).map((r) => r.key).sort()).toEqual([
        'account:still-locked',
        'contact:no-end-recent',
        'ip:in-window',
      ]);
      expect((await h.db.select().from(deployHookCalls)).map((r) => r.catalogueVersion)).toEqual([3]);
      // Run again: nothing more to delete.
      expect(Object.values(await houseKeep(h.db, now)).every((r) => r.deleted === 0)).toBe(true);
      // The newest deploy hook call stays, however old: the spacing reads it.
      expect(Object.values(await houseKeep(h.db, now + 365 * DAY)).map((r) => r.deleted)).toEqual([1, 2, 2, 3, 0]);
      expect(await h.db.select().from(deployHookCalls)).toHaveLength(1);
    } finally {
      h.close();
    }
  });

  it('deletes at most a batch a run; the next run takes the rest', async () => {
    const h = await createTestDb({ seed: false });
    try {
      const now = Date.parse('2026-06-10T12:00:00Z');
      const adminId = await createAdmin(h.db, 'batch@scheduler.example.com', 'a long enough password');
      const rows = Array.from({ length: HOUSEKEEPING_BATCH + 3 }, (_, i) => ({
        tokenHash: i.toString(16).padStart(64, '0'),
        adminId,
        expiresAt: now - DAY,
      }));
      await h.db.insert(adminSessions).values(rows);
      expect((await houseKeep(h.db, now)).adminSessions).toEqual({ deleted: HOUSEKEEPING_BATCH, more: true });
      expect(await h.db.select().from(adminSessions)).toHaveLength(3);
      expect((await houseKeep(h.db, now)).adminSessions).toEqual({ deleted: 3, more: false });
      expect(await h.db.select().from(adminSessions)).toEqual([]);
    } finally {
      h.close();
    }
  });
});
