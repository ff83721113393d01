import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../db/client.server.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

/** The shape libSQL's client gives an HTTP answer from sqld, wrapped as drizzle wraps it. */
const wrapped = (message: string) => new Error('Failed query', { cause: Object.assign(new Error(message), { code: 'SERVER_ERROR' }) });

/** A short deadline: the test waits it out once per call. */
const DEADLINE_MS = 200;

/** A server that accepts connections and never answers: a hung database, as a partition looks. */
let silent: Server;
let silentUrl = '';
/** A port nothing listens on: a refused connection. */
let refusedUrl = '';
const held: Socket[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

beforeAll(async () => {
  silent = createServer((socket) => held.push(socket));
  silentUrl = `http://127.0.0.1:${await listen(silent)}`;
  const closed = createServer();
  refusedUrl = `http://127.0.0.1:${await listen(closed)}`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** What a query through drizzle and the libSQL client throws against `url`. */
async function failureOf(url: string): Promise<unknown> {
  const { db, close } = createNodeDb({ LIBSQL_URL: url }, { deadlineMs: DEADLINE_MS });
  try {
    await db.run(sql`select 1`);
  } catch (err) {
    return err;
  } finally {
    close();
  }
  throw new Error(`a query against ${url} succeeded`);
}

describe('isDatabaseUnavailable', () => {
  it('reads an overloaded or restarting sqld as unavailable, through the cause chain', () => {
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 429'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 503'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
  });

  it('reads a call that hit its deadline as unavailable (Node: drizzle, the libSQL client, fetch)', async () => {
    const err = await failureOf(silentUrl);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('reads a refused connection as unavailable (Node)', async () => {
    expect(isDatabaseUnavailable(await failureOf(refusedUrl))).toBe(true);
  });

  it("reads workerd's abort shapes as unavailable: the timeout's reason, or the request's abort", () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1\nparams: ', { cause: timeout }))).toBe(true);
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1\nparams: ', { cause: aborted }))).toBe(true);
  });

  it('leaves a bug or a refused statement alone', () => {
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 400'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('SQLITE_CONSTRAINT: window_full'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
