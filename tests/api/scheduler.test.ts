/**
 * The scheduled jobs (docs/decisions/0024) against a real libSQL database: the Worker's `scheduled`
 * handler (src/server/scheduled.ts) runs them on its Cron Trigger; the daily summary at 7:00 New
 * York across both of 2026's clock changes and once a day, housekeeping, and each job's own
 * failure and deadline. The run's clock is the trigger's scheduledTime, so no test waits for a time
 * of day.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/db.ts';
import { adminSessions, admins, dailySummaries, idempotencyKeys, loginAttempts, outbox, staffTokens } from '../../src/db/schema.ts';
import { saveReportSettings } from '../../src/features/reports/reports.server.ts';
import { HOUSEKEEPING_BATCH, houseKeep } from '../../src/features/scheduler/housekeeping.server.ts';
import { type RunAnswer, runScheduledJobs } from '../../src/features/scheduler/jobs.server.ts';
import { JOB_DEADLINE_MS, SCHEDULED_JOBS } from '../../src/features/scheduler/scheduler.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { runScheduled } from '../../src/server/scheduled.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testBindings } from '../helpers/env.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';

/** The database the Worker's handler opens (createDb(env)): the test's, whatever env says. */
const handlerDb = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('../../src/db/client.web.ts', () => ({ createDb: () => handlerDb.current }));

const ADMINS = ['owner@scheduler.example.com', 'partner@scheduler.example.com'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestDb;
let app: TestApp;
let mail: FakeMailServer;
let env: Bindings;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  handlerDb.current = t.db;
  app = testApp({ db: () => t.db });
  mail = await startFakeMailServer();
  env = testBindings({
    LIBSQL_URL: 'http://127.0.0.1:1',
    MAIL_API_URL: mail.url,
    MAIL_API_KEY: 'key',
    MAIL_FROM: 'shop@example.com',
    SITE_URL: 'https://shop.example',
  });
  for (const email of ADMINS) await createAdmin(t.db, email, 'a long enough password');
  await createAdmin(t.db, 'dispatch@scheduler.example.com', 'a long enough password', 'dispatcher');
  await saveReportSettings(t.db, { dailySummary: true });
});
afterAll(async () => {
  await mail.close();
  t.close();
});

/** One run of the jobs at `iso`, as the Cron Trigger of that minute would start it. */
const runAt = (iso: string, db: Db = t.db): Promise<RunAnswer> => runScheduledJobs({ db, env, now: Date.parse(iso) });

const summaryRows = async (date: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.kind, 'daily_summary'))).filter((r) => r.subject.includes(`for ${date}:`));

describe('the Worker’s scheduled handler', () => {
  const anExpiredSession = 'f'.repeat(64);

  it('runs every job at the trigger’s scheduledTime and logs the run', async () => {
    const [admin] = await t.db.select({ id: admins.id }).from(admins).limit(1);
    await t.db
      .insert(adminSessions)
      .values({ tokenHash: anExpiredSession, adminId: admin?.id ?? 0, expiresAt: Date.parse('2026-01-01T00:00:00Z') })
      .onConflictDoNothing();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      // 06:00 New York: the summary is not due yet.
      await runScheduled(Date.parse('2026-06-02T10:00:00Z'), env, { waitUntil: () => {} });
      const logged = log.mock.calls.flat().join(' ');
      expect(logged).toContain('Scheduled run of 2026-06-02T10:00:00.000Z');
      const answer = JSON.parse(logged.slice(logged.indexOf('{'))) as RunAnswer;
      expect(answer.ok).toBe(true);
      expect(Object.keys(answer.jobs)).toEqual([...SCHEDULED_JOBS]);
      expect(answer.jobs.dailySummary).toEqual({
        status: 'done',
        result: { sent: false, reason: 'not_yet', at: '07:00 America/New_York' },
      });
      expect(answer.jobs.housekeeping).toMatchObject({ status: 'done', result: { adminSessions: { deleted: 1, more: false } } });
    } finally {
      log.mockRestore();
    }
    expect(await t.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, anExpiredSession))).toEqual([]);
  });

  it('fails the run when a job failed, so Cloudflare’s cron log shows it, after the other jobs ran', async () => {
    const broken = await createTestDb({ seed: false });
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'log').mockImplementation(() => {})];
    try {
      await broken.db.run(sql`drop table login_attempts`);
      handlerDb.current = broken.db;
      await expect(runScheduled(Date.parse('2026-06-02T10:00:00Z'), env, { waitUntil: () => {} })).rejects.toThrow(
        /Not every scheduled job succeeded.*housekeeping.*failed/,
      );
      expect(quiet[1]?.mock.calls.flat().join(' ')).toMatch(/"dailySummary":\{"status":"done"/);
    } finally {
      handlerDb.current = t.db;
      for (const spy of quiet) spy.mockRestore();
      broken.close();
    }
  });
});

describe('the daily summary at 7:00 New York (R7)', () => {
  const summaryAt = async (iso: string) => {
    const answer = await runAt(iso);
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

  it('is sent once however often the cron runs that day: one summary, one set of e-mails', async () => {
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
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-20T15:00:00Z'));
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
    vi.useRealTimers();
  });
});

describe('each job on its own', () => {
  it('a job that fails is reported, and the others still run', async () => {
    const broken = await createTestDb({ seed: false });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await broken.db.run(sql`drop table login_attempts`);
      const answer = await runAt('2026-06-02T10:00:00Z', broken.db);
      expect(answer.ok).toBe(false);
      expect(answer.jobs.housekeeping).toEqual({ status: 'failed', error: expect.stringMatching(/login_attempts/) });
      expect(answer.jobs.dailySummary.status).toBe('done');
    } finally {
      quiet.mockRestore();
      broken.close();
    }
  });

  it('a job past its deadline is reported as timed out, left to finish in the background, and the others are not held up', async () => {
    const h = await createTestDb({ seed: false });
    // Housekeeping's one batch waits until released, as on a database that has gone slow.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new Proxy(h.db, {
      get: (target, prop, receiver) =>
        prop === 'batch'
          ? (...args: Parameters<Db['batch']>) => held.then(() => target.batch(...args))
          : Reflect.get(target, prop, receiver),
    });
    const kept: Promise<unknown>[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await runScheduledJobs({
        db: slow,
        env: {},
        now: Date.parse('2026-06-10T10:00:00Z'),
        keepAlive: (work) => kept.push(work),
        deadlines: { ...JOB_DEADLINE_MS, housekeeping: 200 },
      });
      expect(answer.ok).toBe(false);
      expect(answer.jobs.housekeeping).toEqual({ status: 'timed_out', afterMs: 200 });
      expect(answer.jobs.dailySummary.status).toBe('done');
      expect(kept).toHaveLength(1);
      // The database answers again: the work kept alive ends.
      release();
      expect(await Promise.all(kept)).toEqual([expect.objectContaining({ status: 'done' })]);
    } finally {
      quiet.mockRestore();
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

      const result = await houseKeep(h.db, now);
      expect(result).toEqual({
        adminSessions: { deleted: 2, more: false },
        staffTokens: { deleted: 2, more: false },
        idempotencyKeys: { deleted: 1, more: false },
        loginAttempts: { deleted: 3, more: false },
      });
      expect((await h.db.select().from(adminSessions)).map((r) => r.tokenHash)).toEqual([hash(3)]);
      expect((await h.db.select().from(staffTokens)).map((r) => r.tokenHash).sort()).toEqual([hash(12), hash(13)]);
      expect((await h.db.select().from(idempotencyKeys)).map((r) => r.key).sort()).toEqual(['fresh-key', 'key-7-days-less-a-minute']);
      expect((await h.db.select().from(loginAttempts)).map((r) => r.key).sort()).toEqual([
        'account:still-locked',
        'contact:no-end-recent',
        'ip:in-window',
      ]);
      // Run again: nothing more to delete.
      expect(Object.values(await houseKeep(h.db, now)).every((r) => r.deleted === 0)).toBe(true);
      // A year on, everything left has expired.
      expect(Object.values(await houseKeep(h.db, now + 365 * DAY)).map((r) => r.deleted)).toEqual([1, 2, 2, 3]);
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
