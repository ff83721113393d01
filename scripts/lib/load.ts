/**
 * Load over loopback with autocannon (a low-overhead HTTP load generator: Node's fetch in a loop
 * costs enough of its own to hide what we measure).
 * Every response time is kept, so p95 is exact rather than read off a histogram bucket. The
 * bench's client deadlines live here too, since every row's calls go through this module's loads
 * or take its bounds.
 */
import autocannon from 'autocannon';

/**
 * Every single call the bench makes (a page, an API read, a sign-in) is given up after this long:
 * undici's own headers timeout is five minutes, and a stack that stops answering should cost a
 * row, not the whole bench. Far above any answer of a healthy stack, so no figure is cut short.
 */
export const BENCH_CALL_MS = 60_000;
/**
 * Every database client the bench opens gives up on a request after this long: its setup writes
 * touch the whole catalogue in one statement, far more than a shop request, yet a hung sqld must
 * fail the row rather than wait on undici's five-minute headers timeout.
 */
export const BENCH_DB_MS = 60_000;
/** A request of a load with no answer after this long is counted as a timeout (autocannon's own bound). */
const LOAD_REQUEST_TIMEOUT_SECONDS = 10;
/**
 * How long past its duration a load may run before it is stopped and its row fails: autocannon
 * ends on a timer of its own, so this only bounds a load that never reports its end.
 */
const LOAD_MARGIN_MS = LOAD_REQUEST_TIMEOUT_SECONDS * 1000 + 15_000;

export interface LoadResult {
  name: string;
  concurrency: number;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not a success, by status ('timeout' and 'socket' for none). */
  failures: Record<string, number>;
}

export interface LoadOptions {
  name: string;
  url: string;
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh body (and extra headers) per request, e.g. a new idempotency key. */
  next?: () => { path?: string; body?: string; headers?: Record<string, string> };
  /** Status codes that count as success (default 2xx). */
  ok?: (status: number) => boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function run(opts: LoadOptions, seconds: number): Promise<{ times: number[]; failures: Record<string, number>; seconds: number }> {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const ok = opts.ok ?? ((s: number) => s >= 200 && s < 300);
  const started = performance.now();
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  // A throw in `next` would happen inside autocannon's socket handling, out of this promise's
  // reach, and end the process: it is kept and the load stopped instead, and the row fails with it.
  let nextError: unknown = null;
  let instance: autocannon.Instance | undefined;
  const stopWith = (err: unknown) => {
    nextError ??= err;
    instance?.stop();
  };
  const cannon = autocannon(
    {
      url: opts.url,
      connections: opts.concurrency,
      duration: seconds,
      timeout: LOAD_REQUEST_TIMEOUT_SECONDS,
      method: opts.method ?? 'GET',
      headers: opts.headers ?? {},
      requests: [
        {
          setupRequest: (req) => {
            let extra: ReturnType<NonNullable<LoadOptions['next']>> | undefined;
            try {
              extra = opts.next?.();
            } catch (err) {
              stopWith(err);
            }
            if (!extra) return req;
            return {
              ...req,
              ...(extra.path ? { path: extra.path } : {}),
              ...(extra.body ? { body: extra.body } : {}),
              headers: { ...req.headers, ...extra.headers },
            };
          },
        },
      ],
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  instance = cannon;
  // `next` may have thrown while autocannon opened its connections, before `instance` was set.
  if (nextError) cannon.stop();
  // The callback form returns the event emitter, which reports every response.
  cannon.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    if (!ok(status)) failures[status] = (failures[status] ?? 0) + 1;
  });
  const bound = seconds * 1000 + LOAD_MARGIN_MS;
  const guard = setTimeout(() => {
    cannon.stop();
    fail(new Error(`${opts.name}: the load did not end within ${Math.round(bound / 1000)} s`));
  }, bound);
  let result: autocannon.Result;
  try {
    result = await done;
  } finally {
    clearTimeout(guard);
  }
  if (nextError) throw nextError;
  if (result.timeouts) failures.timeout = result.timeouts;
  if (result.errors - result.timeouts > 0) failures.socket = result.errors - result.timeouts;
  return { times, failures, seconds: (performance.now() - started) / 1000 };
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupSeconds) await run(opts, opts.warmupSeconds);
  const { times, failures, seconds } = await run(opts, opts.seconds);
  const sorted = times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name: opts.name,
    concurrency: opts.concurrency,
    requests: sorted.length,
    errors: Object.values(failures).reduce((a, b) => a + b, 0),
    seconds: round(seconds),
    rps: round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    failures,
  };
}
