/**
 * Every staff write that can change what a page shows is followed by deployAfterWrites, which
 * clears the edge's copy of the catalogue where the write was made (docs/decisions/0017) and asks
 * for a build when the pages are behind. The routes come from the router itself, so a write route
 * added outside that middleware's reach fails here.
 */
import { describe, expect, it } from 'vitest';
import { deployAfterWrites } from '../../src/server/api/deploy-after-writes.ts';
import { testApp } from '../helpers/env.ts';

const app = testApp({
  db: () => {
    throw new Error('no database: the router is only read');
  },
});

/** The staff routers whose writes change the catalogue or its pages' text. */
const STAFF_PREFIXES = ['/api/admin/', '/api/seo/'];

describe('staff writes', () => {
  it('all pass through the middleware that clears the edge copy of the catalogue', () => {
    const covering = app.routes.filter((r) => r.handler === deployAfterWrites).map((r) => r.path.replace(/\*$/, ''));
    const writes = app.routes.filter((r) => !['GET', 'HEAD', 'ALL'].includes(r.method) && STAFF_PREFIXES.some((p) => r.path.startsWith(p)));
    expect(writes.length).toBeGreaterThan(20);
    const uncovered = writes.filter((r) => !covering.some((prefix) => r.path.startsWith(prefix))).map((r) => `${r.method} ${r.path}`);
    expect(uncovered).toEqual([]);
  });
});
