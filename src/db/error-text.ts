/**
 * The text of a database error and of its causes, with their codes: drizzle wraps the client's
 * error, which wraps SQLite's, and the part that says what happened (a trigger's RAISE, a
 * constraint's name, SQLITE_BUSY) can be at any level, in a message or in a code.
 */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string') parts.push(code);
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(' | ');
}

/**
 * The literal `products_stock_guard` raises (migration 0002, decision 0008) when a write would
 * take a product's stock below zero. SQLite's RAISE takes only a literal, so this text is how a
 * caller tells "not enough stock" apart from every other failure.
 */
export const STOCK_GUARD_MESSAGE = 'out_of_stock';

/** True when the stock guard refused the write; any other failure (a database that is down, a bug) is not. */
export function isStockGuardError(err: unknown): boolean {
  return errorText(err).includes(STOCK_GUARD_MESSAGE);
}

/** True when a unique index on `target` ('categories.slug', 'admins.email') refused the write. */
export function violatesUnique(err: unknown, target: string): boolean {
  return errorText(err).includes(`UNIQUE constraint failed: ${target}`);
}
