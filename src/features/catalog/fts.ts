/**
 * Turns what a shopper types into a safe FTS5 query. Every word becomes a quoted prefix term
 * ("blue"* "dre"*), so FTS5 syntax in the input (quotes, *, -, NEAR, AND/OR, column filters) is
 * matched as text and can never be a syntax error.
 */
export const MAX_SEARCH_TERMS = 12;
const MAX_TERM_LENGTH = 40;

export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_TERMS)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replace(/"/g, '')}"*`).join(' ');
}

// Ranking weights (name first) are FTS5's configured `rank`: migrations/0006_fts_rank.sql.
