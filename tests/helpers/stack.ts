import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, type Proc, ROOT, startSqld } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/db/seed/seed.server.ts';

/** A scratch folder under .tmp/ for one test run's database, build and logs. */
export function scratchDir(name: string): { dir: string; remove: () => void } {
  const dir = path.join(ROOT, '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real sqld with the migrated, seeded catalogue. */
export async function startSeededSqld(dir: string): Promise<{ proc: Proc; url: string }> {
  const sqld = await startSqld({ dbPath: path.join(dir, 'sqld'), port: await freePort(), logFile: path.join(dir, 'sqld.log') });
  const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
  try {
    await migrateDb(db);
    await seedCatalog(db);
  } finally {
    close();
  }
  return sqld;
}
