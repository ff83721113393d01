/**
 * The bench's "database hung" row: sqld is stopped with SIGSTOP, so it keeps its port and accepts
 * connections but never answers (as a stuck database server does, unlike one that is down and
 * refuses them), and a product page in the Worker's page cache, one not in it and an API read are
 * each asked for once, at the same time, with a bound on how long the client waits. The shop's
 * design is that a cached page is still served, and the rest answer a 503 with Retry-After within
 * the database deadline (docs/decisions/0024); the row
 * shows how long each took and what it answered. sqld is always resumed, and the row waits until
 * the shop is healthy again, so the rows after it see the stack as before.
 */
import { BENCH_CALL_MS } from './load.ts';
import type { Proc } from './stack.ts';
import { waitForHttp } from './stack.ts';

/** How long the client waits for each answer: past it, the answer is reported as none. */
export const HUNG_BOUND_SECONDS = 20;
/** How long the shop may take to answer /api/health again once sqld runs again. */
const RECOVERY_TIMEOUT_MS = 60_000;

/**
 * The pages row renders product pages from id 2 upwards, so the page not in the cache is one it
 * does not reach: the caller names it.
 */
const requests = (uncachedId: number) => [
  { what: 'cached product page', path: '/product/3' },
  { what: 'product page not in the cache', path: `/product/${uncachedId}` },
  { what: 'API read', path: '/api/products/3' },
];

export interface HungAnswer {
  request: string;
  /** Seconds until the whole answer was read; null when none came within the bound. */
  seconds: number | null;
  status: number | null;
  /** X-Astro-Cache of the answer. */
  source: string | null;
  /** Retry-After of the answer (a 503's). */
  stale: string | null;
  /** Why there is no answer: past the bound, or the connection failed. */
  error: string | null;
}

export interface HungResult {
  boundSeconds: number;
  answers: HungAnswer[];
  /** Seconds from resuming sqld until /api/health answered 200. */
  recoverySeconds: number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function timedGet(url: string, request: string): Promise<HungAnswer> {
  const started = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(HUNG_BOUND_SECONDS * 1000) });
    await res.arrayBuffer();
    return {
      request,
      seconds: seconds(performance.now() - started),
      status: res.status,
      source: res.headers.get('x-astro-cache'),
      stale: res.headers.get('retry-after'),
      error: null,
    };
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    const error = timedOut ? `no answer within ${HUNG_BOUND_SECONDS} s` : err instanceof Error ? err.message : String(err);
    return { request, seconds: null, status: null, source: null, stale: null, error };
  }
}

/** `uncachedId` names an active product whose page no row has viewed. */
export async function benchHungDatabase(base: string, sqld: Proc, uncachedId: number): Promise<HungResult> {
  const pid = sqld.child.pid;
  if (pid == null) throw new Error('sqld has no pid: it did not start');
  await waitForHttp(`${base}/api/health`, { timeoutMs: RECOVERY_TIMEOUT_MS });
  // The cached page is viewed once first, so the Worker's page cache holds it.
  await (await fetch(`${base}/product/3`, { signal: AbortSignal.timeout(BENCH_CALL_MS) })).arrayBuffer();
  // Only sqld itself: the bench started it, and nothing else is paused.
  process.kill(pid, 'SIGSTOP');
  let answers: HungAnswer[];
  try {
    answers = await Promise.all(requests(uncachedId).map((r) => timedGet(`${base}${r.path}`, `GET ${r.path} (${r.what})`)));
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  const resumed = performance.now();
  await waitForHttp(`${base}/api/health`, { proc: sqld, timeoutMs: RECOVERY_TIMEOUT_MS });
  return { boundSeconds: HUNG_BOUND_SECONDS, answers, recoverySeconds: seconds(performance.now() - resumed) };
}
