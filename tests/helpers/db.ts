import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { deliveryWindows } from '../../src/db/schema.ts';
import { seedCatalog } from '../../src/features/catalog/seed/seed.server.ts';

export interface TestDb {
  db: Db;
  url: string;
  close: () => void;
}

/**
 * How a test database's delivery windows start: 'roomy' (the default) is the seeded schedule with
 * every window's capacity at ROOMY_WINDOW_CAPACITY, so suites about other things never meet a full
 * window; 'seed' is the migration's schedule as it is (10 orders a window), for window tests and
 * tests that read the seeded schedule.
 */
export type WindowsSetup = 'roomy' | 'seed';

/**
 * Far more orders than any suite places in one window, and still a capacity the delivery settings
 * accept, so a schedule read from a roomy database can be saved back as it is.
 */
export const ROOMY_WINDOW_CAPACITY = 500;

/** Raises every scheduled window's capacity to ROOMY_WINDOW_CAPACITY. */
export async function roomyWindows(db: Db): Promise<void> {
  await db.update(deliveryWindows).set({ capacity: ROOMY_WINDOW_CAPACITY });
}

/** A fresh libSQL database file built from migrations/ (and the seed catalogue unless told not to). */
export async function createTestDb(opts: { seed?: boolean; windows?: WindowsSetup } = {}): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'greenline-db-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  const { db, close } = createNodeDb({ LIBSQL_URL: url });
  await migrateDb(db);
  if (opts.seed !== false) await seedCatalog(db);
  if ((opts.windows ?? 'roomy') === 'roomy') await roomyWindows(db);
  return {
    db,
    url,
    close: () => {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
