/**
 * The random tokens staff are handed (a session's cookie, a one-time link): 32 random bytes as 64
 * hex digits. The database keeps only their SHA-256 (password.ts sha256Hex).
 */

/** The shape of every token: anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function randomToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
