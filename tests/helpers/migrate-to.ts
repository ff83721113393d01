import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from '../../src/db/db.ts';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.server.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * Applies migrations/ up to and including the one tagged `lastTag` (e.g. '0015_staff_accounts'),
 * through drizzle's own migrator over a copy of the folder whose journal stops there, so it records
 * them as drizzle does and a later migrateDb applies exactly the rest. For tests of a migration's
 * data backfill: build the database as it was before, write rows, then migrate.
 */
export async function migrateUpTo(db: Db, lastTag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`No migration tagged ${lastTag} in the journal`);
  const entries = journal.entries.slice(0, last + 1);
  const dir = mkdtempSync(path.join(tmpdir(), 'greenline-migrations-'));
  try {
    mkdirSync(path.join(dir, 'meta'));
    for (const e of entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    await migrate(db, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
