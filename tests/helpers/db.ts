import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/db/seed/seed.server.ts';

export interface TestDb {
  db: Db;
  url: string;
  close: () => void;
}

/** A fresh libSQL database file built from migrations/ (and the seed catalogue unless told not to). */
export async function createTestDb(opts: { seed?: boolean } = {}): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'greenline-db-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  const { db, close } = createNodeDb({ LIBSQL_URL: url });
  await migrateDb(db);
  if (opts.seed !== false) await seedCatalog(db);
  return {
    db,
    url,
    close: () => {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
