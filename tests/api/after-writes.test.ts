/**
 * Every staff write that can change what a page shows is followed by purgeAfterWrites, which
 * purges the cache tags of the catalogue pages the write touches (docs/decisions/0024), so the next
 * view anywhere shows it. The routes come from the router itself, so a write route added outside
 * that middleware's reach fails here. Which tags each write purges: tests/api/page-tags.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { purgeAfterWrites } from '../../src/server/api/purge-after-writes.ts';
import { testApp } from '../helpers/env.ts';

const app = testApp({
  db: () => {
    throw new Error('no database: the router is only read');
  },
});

/** The staff routers whose writes change the catalogue or its pages' text. */
const STAFF_PREFIXES = ['/api/admin/', '/api/seo/'];

describe('staff writes', () => {
  it('all pass through the middleware that purges the catalogue pages they touch', () => {
    const covering = app.routes.filter((r) => r.handler === purgeAfterWrites).map((r) => r.path.replace(/\*$/, ''));
    expect(covering.length).toBeGreaterThan(0);
    const writes = app.routes.filter((r) => !['GET', 'HEAD', 'ALL'].includes(r.method) && STAFF_PREFIXES.some((p) => r.path.startsWith(p)));
    expect(writes.length).toBeGreaterThan(20);
    const uncovered = writes.filter((r) => !covering.some((prefix) => r.path.startsWith(prefix))).map((r) => `${r.method} ${r.path}`);
    expect(uncovered).toEqual([]);
  });
});
