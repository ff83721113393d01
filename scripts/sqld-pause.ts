/**
 * `node scripts/sqld-pause.ts [--tx] [--rounds 3] [--workers 8] [--seconds 4]`: what a database pause does
 * to writes (docs/decisions/0027), against a sqld started as the stack starts it, over HTTP with the
 * shop's per-request deadline (DB_DEADLINE_MS.request).
 *
 * 1. An orphaned write: a write held open across round trips (an interactive transaction, as
 *    `db.transaction` runs one) loses its client after its first statement. The next write waits
 *    for the lock the orphan holds until sqld's transaction timeout takes it away, past the
 *    deadline. The same write as one batch leaves nothing held.
 * 2. A burst: workers read and write (batches, and interactive transactions with --tx) while sqld
 *    is paused and resumed, round after round; after each, a write must answer at once and sqld's
 *    CPU must fall back to idle.
 * Exits 1 when a write waited past the deadline or sqld stayed busy.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Client, createClient } from '@libsql/client';
import { DB_DEADLINE_MS, fetchWithDeadline } from '../src/db/db.ts';
import { cpuPercentOver } from './lib/bench-idle.ts';
import { freePort, startSqld } from './lib/stack.ts';

const { values } = parseArgs({
  options: {
    tx: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '8' },
  },
});
const PAUSE_MS = Number(values.seconds) * 1000;
const DEADLINE_MS: number = DB_DEADLINE_MS.request;
/** sqld's CPU over this long after a round, as a share of one core, above which it is not idle. */
const IDLE_CPU_PERCENT = 10;

const dir = path.join(os.tmpdir(), `sqld-pause-${process.pid}`);
const { proc, url } = await startSqld({ dbPath: path.join(dir, 'db'), port: await freePort(), logFile: path.join(dir, 'sqld.log') });
const pid = proc.child.pid as number;
const client = (deadlineMs = DEADLINE_MS) => createClient({ url, fetch: fetchWithDeadline(deadlineMs) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pause = () => process.kill(pid, 'SIGSTOP');
const resume = () => process.kill(pid, 'SIGCONT');

const setup = client(10_000);
await setup.batch(['create table t (id integer primary key, n integer not null)', 'insert into t (n) values (0)'], 'write');

/** A one-row write from a client of its own, with a long deadline so a wait is measured, not cut. */
async function probeWrite(): Promise<{ ms: number; error: string | null }> {
  const c = client(15_000);
  const started = performance.now();
  try {
    await c.execute('insert into t (n) values (-1)');
    return { ms: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return { ms: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
  } finally {
    c.close();
  }
}

/**
 * Scenario 1: the client goes after the write's first round trip (its request cancelled, its
 * isolate ended, its rollback lost to a partition), so nothing it started is ever finished or
 * rolled back by it.
 */
async function orphanedWrite(kind: 'transaction' | 'batch'): Promise<number> {
  const c = client();
  if (kind === 'transaction') {
    const tx = await c.transaction('write');
    await tx.execute('insert into t (n) values (1)');
  } else {
    await c.batch(['insert into t (n) values (1)', 'update t set n = n + 1 where id = 1'], 'write');
  }
  const write = await probeWrite();
  console.log(`orphaned ${kind}: the next write ${write.error ? `failed: ${write.error}` : 'answered'} after ${write.ms} ms`);
  return write.ms;
}

async function worker(i: number, stop: { done: boolean }, counts: Record<string, number>) {
  const c: Client = client();
  const count = (what: string) => {
    counts[what] = (counts[what] ?? 0) + 1;
  };
  while (!stop.done) {
    try {
      await c.execute('select count(*) from t');
      await c.batch([{ sql: 'insert into t (n) values (?)', args: [i] }, 'update t set n = n + 1 where id = 1'], 'write');
      if (values.tx) {
        const tx = await c.transaction('write');
        try {
          await tx.execute('select n from t where id = 1');
          await tx.execute({ sql: 'insert into t (n) values (?)', args: [i] });
          await tx.commit();
        } finally {
          tx.close();
        }
      }
      count('ok');
    } catch (err) {
      count(err instanceof Error ? err.message.slice(0, 60) : String(err));
    }
  }
  c.close();
}

let failed = false;
for (const kind of ['batch', 'transaction'] as const) {
  if ((await orphanedWrite(kind)) > DEADLINE_MS) failed = true;
}
for (let round = 1; round <= Number(values.rounds); round++) {
  const stop = { done: false };
  const counts: Record<string, number> = {};
  const workers = Array.from({ length: Number(values.workers) }, (_, i) => worker(i, stop, counts));
  await sleep(500);
  pause();
  await sleep(PAUSE_MS);
  resume();
  stop.done = true;
  const write = await probeWrite();
  await Promise.all(workers);
  const cpu = Math.round(await cpuPercentOver(pid, 2000));
  console.log(
    `burst round ${round}: ${JSON.stringify(counts)}; the next write ${write.error ? `failed: ${write.error}` : 'answered'} after ${write.ms} ms; sqld CPU ${cpu} %`,
  );
  if (write.error || write.ms > DEADLINE_MS || cpu > IDLE_CPU_PERCENT) failed = true;
}
setup.close();
await proc.stop();
rmSync(dir, { recursive: true, force: true });
console.log(failed ? 'A write waited past the deadline, or sqld stayed busy.' : 'Every write after a pause answered within the deadline.');
process.exitCode = failed ? 1 : 0;
