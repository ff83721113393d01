/**
 * M2, the low-stock rule for queries: the same comparison as `isLowStock` (./products.ts), on the
 * stored columns (stock units, decision 0006) rather than base units. tests/api/low-stock.test.ts
 * runs both on the same products against a real database and checks they agree.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * True when counted stock is at or under the threshold; untracked (null) stock never is.
 * The columns may be aliased ones written out (sql`p.stock_milli`).
 */
export function isLowStockSql(stockMilli: AnyColumn | SQL, lowStockMilli: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`(${stockMilli} is not null and ${stockMilli} <= ${lowStockMilli})`;
}
