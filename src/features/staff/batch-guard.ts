/**
 * A condition inside a write batch. libSQL runs a batch as one transaction and rolls all of it back
 * when a statement fails; SQLite has no RAISE outside triggers, so the statement placed right after
 * a guarded update fails on purpose (json() of text that is not JSON) when that update changed no
 * row. The writes after it then happen only if the guard passed, and the guard, the change and its
 * audit rows stand or fall together, whatever runs concurrently (D37).
 */

import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { errorText } from '../../db/error-text.ts';

/** The batch statement that fails the batch when the statement before it changed no row. */
export function failUnlessChanged(db: Pick<Db, 'run'>) {
  return db.run(sql`select json('{' || changes()) where changes() = 0`);
}

/** True for the error failUnlessChanged raises (libSQL wraps it; the words are SQLite's). */
export function isGuardRefusal(err: unknown): boolean {
  return errorText(err).includes('malformed JSON');
}

/**
 * The batch statement that fails the batch when `condition` holds at that point of the batch (a
 * read the decision depended on no longer being true). changes() keeps the expression from being
 * computed once up front, so it fails only when a row is selected.
 */
export function failIf(db: Pick<Db, 'run'>, condition: SQL) {
  return db.run(sql`select json('{' || changes()) where ${condition}`);
}
