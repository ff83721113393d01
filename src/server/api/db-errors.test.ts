import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.ts';

/** The shape libSQL's client gives an HTTP answer from sqld, wrapped as drizzle wraps it. */
const wrapped = (message: string) => new Error('Failed query', { cause: Object.assign(new Error(message), { code: 'SERVER_ERROR' }) });

describe('isDatabaseUnavailable', () => {
  it('reads an overloaded or restarting sqld as unavailable, through the cause chain', () => {
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 429'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 503'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
  });

  it('leaves a bug or a refused statement alone', () => {
    expect(isDatabaseUnavailable(wrapped('SERVER_ERROR: Server returned HTTP status 400'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('SQLITE_CONSTRAINT: window_full'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
