/**
 * Load over loopback with autocannon (a low-overhead HTTP load generator: Node's fetch in a loop
 * costs enough of its own to hide what we measure).
 * Every response time is kept, so p95 is exact rather than read off a histogram bucket.
 */
import autocannon from 'autocannon';

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
  // The callback form returns the event emitter, which reports every response.
  const instance = autocannon(
    {
      url: opts.url,
      connections: opts.concurrency,
      duration: seconds,
      method: opts.method ?? 'GET',
      headers: opts.headers ?? {},
      requests: [
        {
          setupRequest: (req) => {
            const extra = opts.next?.();
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
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    if (!ok(status)) failures[status] = (failures[status] ?? 0) + 1;
  });
  const result = await done;
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
