/**
 * The environment is checked by one valibot schema (src/server/api/env.ts): `npm start` stops
 * before starting anything, and the Worker answers 500, each naming the variable that is wrong.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { envProblems, ServerEnv, StartEnv } from '../../src/server/api/env.ts';
import { testExecutionContext, testSiteBindings } from '../helpers/env.ts';
import { site } from '../helpers/site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GOOD = { LIBSQL_URL: 'http://127.0.0.1:8080' };

describe('the environment schema', () => {
  it('accepts the database alone, blank optional variables and non-text bindings', () => {
    expect(envProblems(ServerEnv, GOOD)).toBeNull();
    expect(envProblems(ServerEnv, { ...GOOD, SITE_URL: '', OPENAI_API_KEY: '  ', IMAGES: {} })).toBeNull();
    expect(envProblems(StartEnv, {})).toBeNull();
  });

  it('names a missing or malformed variable, never its value', () => {
    expect(envProblems(ServerEnv, {})).toMatch(/^LIBSQL_URL must be set/);
    const problems = envProblems(ServerEnv, { LIBSQL_URL: 'postgres://secret@db', OPENAI_TIMEOUT_MS: 'soon', SITE_URL: 'shop' });
    expect(problems?.split('\n').map((line) => line.split(' ')[0])).toEqual(['LIBSQL_URL', 'SITE_URL', 'OPENAI_TIMEOUT_MS']);
    expect(problems).not.toContain('secret');
    expect(envProblems(StartEnv, { PORT: '99999' })).toMatch(/^PORT must be a port number/);
  });

  it('has no variable of the Pages-era workarounds (docs/decisions/0024): the cron is the Worker’s own, pages are purged by tag', () => {
    const names = Object.keys(ServerEnv.pipe[0].entries);
    expect(names).toContain('LIBSQL_URL');
    for (const gone of ['SCHEDULER_SECRET', 'DEPLOY_HOOK_URL', 'DEPLOY_HOOK_MIN_INTERVAL_SECONDS', 'CATALOGUE_RECHECK_SECONDS']) {
      expect(names, gone).not.toContain(gone);
    }
  });

  it('refuses part of the mail settings', () => {
    expect(envProblems(ServerEnv, { ...GOOD, MAIL_API_KEY: 'key' })).toMatch(/MAIL_API_URL, MAIL_API_KEY, MAIL_FROM must be set together/);
    expect(
      envProblems(ServerEnv, { ...GOOD, MAIL_API_URL: 'https://mail.example', MAIL_API_KEY: 'key', MAIL_FROM: 'Shop <s@example.com>' }),
    ).toBeNull();
  });
});

describe('a bad environment', () => {
  it('makes the Worker answer 500 and log the variable, before touching the database', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const staticFiles = () => {
        throw new Error('not reached');
      };
      const env = testSiteBindings(staticFiles, { LIBSQL_URL: 'mysql://db' });
      // The API, a page route and a path that falls through to the static files.
      for (const path of ['/api/products', '/product/1', '/about']) {
        const res = await site.request(`http://shop.test${path}`, {}, env, testExecutionContext());
        expect(res.status, path).toBe(500);
        expect(await res.json()).toEqual({ error: expect.any(String), code: 'bad_environment' });
      }
      expect(log.mock.calls.flat().join(' ')).toMatch(/LIBSQL_URL must be/);
    } finally {
      log.mockRestore();
    }
  });

  it('stops npm start with a message naming the variable, before starting anything', () => {
    const run = spawnSync(process.execPath, ['scripts/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, LIBSQL_URL: 'ftp://db.example', PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/LIBSQL_URL must be a libsql:/);
    expect(run.stderr).toMatch(/PORT must be a port number/);
    expect(run.stdout).not.toMatch(/sqld|Building/);
  });
});
