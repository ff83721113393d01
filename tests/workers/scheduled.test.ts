/**
 * The Worker's Cron Trigger (wrangler.toml's [triggers], in the built config), fired through
 * Miniflare as Cloudflare fires it: the scheduled handler runs the jobs, and housekeeping deletes
 * an admin session that has expired while it keeps one that has not.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWranglerToml, runScheduledOnce, startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { adminSessions } from '../../src/db/schema.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';

const dbUrl = await workersDbUrl();
const config = workerConfig((await siteTemplate()).distDir);
let mf: Miniflare;

beforeAll(async () => {
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: dbUrl } });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe("the Worker's Cron Trigger", () => {
  it('is the one wrangler.toml names, in the config the build deploys', () => {
    expect(readWranglerToml(config).triggers.crons).toEqual(readWranglerToml().triggers.crons);
    expect(readWranglerToml().triggers.crons.length).toBeGreaterThan(0);
  });

  it('runs housekeeping: an expired admin session is deleted, a live one kept', async () => {
    const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
    try {
      const adminId = await createAdmin(db, `cron-${randomBytes(4).toString('hex')}@example.com`, 'a long enough password');
      const expired = randomBytes(32).toString('hex');
      const live = randomBytes(32).toString('hex');
      await db.insert(adminSessions).values([
        { tokenHash: expired, adminId, expiresAt: Date.now() - 60_000 },
        { tokenHash: live, adminId, expiresAt: Date.now() + 3_600_000 },
      ]);
      const sessions = async () =>
        (await db.select({ tokenHash: adminSessions.tokenHash }).from(adminSessions).where(eq(adminSessions.adminId, adminId)))
          .map((s) => s.tokenHash)
          .sort();
      expect(await sessions()).toEqual([expired, live].sort());

      const outcome = await runScheduledOnce(mf, { cron: readWranglerToml(config).triggers.crons[0] });
      expect(outcome.outcome).toBe('ok');
      expect(await sessions()).toEqual([live]);
    } finally {
      close();
    }
  });
});
