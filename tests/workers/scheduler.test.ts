/**
 * The scheduler Worker (scheduler/worker.ts, bundled as `wrangler deploy` bundles it) in workerd:
 * its `scheduled` handler POSTs to the shop with the secret and fails the run on anything but a
 * 200 whose jobs all succeeded. First against a fake shop on 127.0.0.1, then against the shop's
 * real function in workerd, which answers its 404 to a wrong secret (docs/decisions/0021).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildScheduler, fireScheduled, SCHEDULER_CONFIG, schedulerConfig, startSchedulerWorker } from '../../scripts/lib/scheduler.ts';
import { freePort } from '../../scripts/lib/stack.ts';
import { startWorkerd } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { dailySummaries } from '../../src/db/schema.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { saveReportSettings } from '../../src/features/reports/reports.server.ts';
import type { RunAnswer } from '../../src/features/scheduler/jobs.server.ts';
import { dailySummaryDue, SCHEDULER_RUN_PATH } from '../../src/features/scheduler/scheduler.ts';
import { workersDbUrl } from '../helpers/run-stack.ts';
import { scratchDir } from '../helpers/stack.ts';

const SECRET = 'a-secret-the-scheduler-and-the-shop-share-0123456789';
const scratch = scratchDir('scheduler');
const { crons } = schedulerConfig();
const CRON = crons[0] ?? '';
let script = '';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

/** A stand-in for the shop: records each request and answers with `answer()`. */
async function fakeShop(answer: () => { status: number; body: string }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
      const { status, body } = answer();
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  script = await buildScheduler(path.join(scratch.dir, 'build'), path.join(scratch.dir, 'build.log'));
});
afterAll(() => scratch.remove());

describe('the scheduler Worker against a fake shop', () => {
  let answer = { status: 200, body: JSON.stringify({ ok: true, ranAt: 0, jobs: {} }) };
  let shop: Awaited<ReturnType<typeof fakeShop>>;
  let mf: Miniflare;
  beforeAll(async () => {
    shop = await fakeShop(() => answer);
    mf = startSchedulerWorker({ scriptPath: script, shopUrl: shop.url, secret: SECRET });
    await mf.ready;
  });
  afterAll(async () => {
    await mf?.dispose();
    await shop?.close();
  });

  it('reads its schedule from scheduler/wrangler.toml', () => {
    expect(SCHEDULER_CONFIG).toMatch(/scheduler\/wrangler\.toml$/);
    expect(crons).toEqual(['*/5 * * * *']);
  });

  it('POSTs to the shop’s run path with the secret, and the run succeeds on a 200 whose jobs all did', async () => {
    expect(await fireScheduled(mf, CRON, Date.now())).toBe('ok');
    expect(shop.seen).toEqual([{ method: 'POST', path: SCHEDULER_RUN_PATH, authorization: `Bearer ${SECRET}` }]);
  });

  it('fails the run when the shop answers 404 (secret unset or different), 500, or a job that failed', async () => {
    for (const next of [
      { status: 404, body: JSON.stringify({ error: `No API route for POST ${SCHEDULER_RUN_PATH}`, code: 'not_found' }) },
      { status: 500, body: JSON.stringify({ error: 'Something went wrong', code: 'internal_error' }) },
      { status: 200, body: JSON.stringify({ ok: false, ranAt: 0, jobs: { housekeeping: { status: 'failed', error: 'x' } } }) },
      { status: 200, body: 'not json' },
    ]) {
      answer = next;
      const before = shop.seen.length;
      expect(await fireScheduled(mf, CRON, Date.now()), `${next.status} ${next.body}`).toBe('exception');
      expect(shop.seen.length).toBe(before + 1);
    }
  });

  it('fails the run, calling nothing, without a secret of its own', async () => {
    const bare = startSchedulerWorker({ scriptPath: script, shopUrl: shop.url, secret: '' });
    try {
      const before = shop.seen.length;
      expect(await fireScheduled(bare, CRON, Date.now())).toBe('exception');
      expect(shop.seen.length).toBe(before);
    } finally {
      await bare.dispose();
    }
  });
});

describe('the scheduler Worker against the shop’s function in workerd', () => {
  let shopMf: Miniflare;
  let shopUrl = '';
  let dbUrl = '';
  const workers: Miniflare[] = [];
  beforeAll(async () => {
    dbUrl = await workersDbUrl();
    const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
    await saveReportSettings(db, { dailySummary: true });
    close();
    const port = await freePort();
    shopUrl = `http://127.0.0.1:${port}`;
    shopMf = startWorkerd({ scriptPath: inject('workerScript'), bindings: { LIBSQL_URL: dbUrl, SCHEDULER_SECRET: SECRET }, port });
    await shopMf.ready;
  });
  afterAll(async () => {
    for (const w of workers) await w.dispose();
    await shopMf?.dispose();
  });

  const scheduler = async (secret: string) => {
    const mf = startSchedulerWorker({ scriptPath: script, shopUrl, secret });
    workers.push(mf);
    await mf.ready;
    return mf;
  };

  it('hides the endpoint without the secret: the same 404 as an unknown path', async () => {
    const unknown = await shopMf.dispatchFetch(`${shopUrl}/api/no-such-route`, { method: 'POST' });
    const unknownBody = (await unknown.json()) as { error: string; code: string };
    for (const authorization of [undefined, `Bearer ${SECRET}!`, `Bearer ${SECRET.slice(1)}`]) {
      const res = await shopMf.dispatchFetch(`${shopUrl}${SCHEDULER_RUN_PATH}`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, authorization).toBe(404);
      expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(await res.json()).toEqual({ ...unknownBody, error: unknownBody.error.replace('/api/no-such-route', SCHEDULER_RUN_PATH) });
    }
  });

  it('a scheduled run with the shop’s secret runs every job; with another secret the run fails', async () => {
    expect(await fireScheduled(await scheduler(SECRET), CRON, Date.now())).toBe('ok');
    expect(await fireScheduled(await scheduler(`${SECRET}-not-the-same`), CRON, Date.now())).toBe('exception');
  });

  it('sends the day’s summary at most once however often it runs', async () => {
    const ask = async () => {
      const res = await shopMf.dispatchFetch(`${shopUrl}${SCHEDULER_RUN_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as RunAnswer;
    };
    const first = await ask();
    const second = await ask();
    expect(first.ok && second.ok).toBe(true);
    const yesterday = addDays(nyDate(second.ranAt), -1);
    const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
    try {
      const rows = await db.select().from(dailySummaries).where(eq(dailySummaries.date, yesterday));
      // The real clock decides whether it is due (before 07:00 New York it is not); either way never twice.
      expect(rows).toHaveLength(dailySummaryDue(second.ranAt) ? 1 : 0);
      expect(second.jobs.dailySummary).toEqual({
        status: 'done',
        result: dailySummaryDue(second.ranAt)
          ? { sent: false, date: yesterday, reason: 'already_sent' }
          : { sent: false, reason: 'not_yet', at: '07:00 America/New_York' },
      });
    } finally {
      close();
    }
  });
});
