/**
 * What the test files of one run share, made once, when first asked for, by the process that runs
 * vitest (the global setups start this service; test files ask it through run-stack.ts):
 * - `site`: the seeded database and the build made from it (stack.ts, prepareSite): the static
 *   files in `<distDir>/client` and the one Worker in `<distDir>/server` with the wrangler.json that
 *   runs it (`workerConfig`). Every served site copies it (the e2e stacks below); the workers tests
 *   run its Worker in Miniflare from `workerConfig` (tests/workers/global-setup.ts provides it);
 * - `e2e/{slot}`: a stack for the browser journeys of one vitest worker, with a fake mail provider
 *   of its own (fake-mail.ts), and `browser/{slot}` its chromium. Journeys in one worker run one
 *   after another and share its stack as they shared the one stack before; journeys in two workers
 *   never share a database or a mailbox;
 * - `workers-db/{slot}`: the seeded sqld the workers tests of one vitest worker share.
 * A slot is a worker's VITEST_POOL_ID (1..maxWorkers): the files of one slot never overlap.
 * Everything started is stopped when the last global setup that asked for the service ends.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import { browserOptions } from './browser.ts';
import { startFakeMailServer } from './fake-mail.ts';
import { prepareSite, type SiteTemplate, scratchDir, startBuiltSite, startSeededSqld } from './stack.ts';

export interface E2eStack {
  baseUrl: string;
  /** The stack's database, for journeys that change data behind the built pages. */
  dbUrl: string;
  /** The built site the stack serves. */
  distDir: string;
  /** The stack's fake mail provider: what it received (receivedBy), its failures (failNextAt). */
  mailUrl: string;
}

/** What each resource of the service answers with. */
export interface StackResources {
  site: SiteTemplate;
  e2e: E2eStack;
  browser: { wsEndpoint: string };
  'workers-db': { url: string };
}

interface Service {
  url: string;
  /** Global setups that hold the service; it stops when the last lets go. */
  holders: number;
  /** Resolves when everything the service started has stopped. */
  close: () => Promise<void>;
  /** Starts (once) and answers with a resource; for global setups in the same process. */
  get: <K extends keyof StackResources>(kind: K, slot?: number) => Promise<StackResources[K]>;
}

const KEY = Symbol.for('greenline.stack-service');
type Holder = typeof globalThis & { [KEY]?: Promise<Service> };

function startService(): Promise<Service> {
  const scratch = scratchDir('run');
  const made = new Map<string, Promise<unknown>>();
  const stops: (() => Promise<void>)[] = [];

  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let found = made.get(key) as Promise<T> | undefined;
    if (!found) {
      found = make();
      made.set(key, found);
      // A failure is reported to every file that asks; this keeps it from being unhandled meanwhile.
      found.catch(() => {});
    }
    return found;
  };

  const site = () => once('site', () => prepareSite(path.join(scratch.dir, 'site')));
  const makers: { [K in keyof StackResources]: (slot: number) => Promise<StackResources[K]> } = {
    site,
    e2e: (slot) =>
      once(`e2e/${slot}`, async () => {
        const dir = path.join(scratch.dir, `e2e-${slot}`);
        const mail = await startFakeMailServer();
        stops.push(() => mail.close());
        const stack = await startBuiltSite(dir, await site(), {
          MAIL_API_URL: mail.url,
          MAIL_API_KEY: 'e2e-mail-key',
          MAIL_FROM: 'shop@example.com',
        });
        stops.push(async () => {
          await stack.stop();
          // The server's log outlives the run (.tmp/ is ignored by git), for a failure seen only in CI.
          const log = path.join(dir, 'wrangler.log');
          if (existsSync(log)) copyFileSync(log, path.join(scratch.dir, '..', `e2e-${slot}-last-wrangler.log`));
        });
        return { baseUrl: stack.baseUrl, dbUrl: stack.dbUrl, distDir: stack.outDir, mailUrl: mail.url };
      }),
    browser: (slot) =>
      once(`browser/${slot}`, async () => {
        const server: BrowserServer = await chromium.launchServer(browserOptions());
        stops.push(() => server.close());
        return { wsEndpoint: server.wsEndpoint() };
      }),
    'workers-db': (slot) =>
      once(`workers-db/${slot}`, async () => {
        const sqld = await startSeededSqld(path.join(scratch.dir, `workers-db-${slot}`));
        stops.push(() => sqld.proc.stop());
        return { url: sqld.url };
      }),
  };
  const get = <K extends keyof StackResources>(kind: K, slot = 1) => makers[kind](slot);

  const server: Server = createServer((req, res) => {
    const [, kind = '', slot = '1'] = (req.url ?? '').split('/');
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!(kind in makers) || !/^\d+$/.test(slot)) {
      answer(404, { error: `no such resource: ${req.url}` });
      return;
    }
    get(kind as keyof StackResources, Number(slot)).then(
      (value) => answer(200, value),
      (err: unknown) => answer(500, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
  // Builds can take minutes on a busy machine: no request timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 0;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        holders: 0,
        get,
        close: async () => {
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
          // Whatever is still starting is stopped once it has started.
          await Promise.allSettled(made.values());
          for (const stop of stops.reverse()) await stop();
          scratch.remove();
        },
      });
    });
  });
}

/**
 * The run's service, started by the first global setup that asks; `release` is that setup's
 * teardown. Global setups run in one process, so they find the one service through globalThis.
 */
export async function holdStackService(): Promise<{ service: Service; release: () => Promise<void> }> {
  const holder = globalThis as Holder;
  holder[KEY] ??= startService();
  const service = await holder[KEY];
  service.holders++;
  return {
    service,
    release: async () => {
      service.holders--;
      if (service.holders > 0) return;
      delete holder[KEY];
      await service.close();
    },
  };
}
