/**
 * The text of a database error and of its causes: drizzle wraps the client's error, which wraps
 * SQLite's, and the part that says what happened (a trigger's RAISE, a constraint's name) can be
 * at any level.
 */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(' | ');
}
