/**
 * What every report's queries start from (R1): the range's instants, New York's offsets over them,
 * and the SQL that cuts an instant into New York days. Shared by the sales, windows, zones,
 * products and refusals reports (reports.server.ts) and the stock reports (stock-reports.server.ts).
 */

import { type SQL, sql } from 'drizzle-orm';
import { MS_PER_DAY, MS_PER_MINUTE, type OffsetSpan, offsetSpans, type ReportRange, rangeInstants } from './reports.ts';

/**
 * `column` plus New York's offset at that instant, in ms: SQLite has no time zones, so the offset
 * is a CASE over the instants the clocks change within the range (R1). Every figure in it is an
 * integer this module computed, written inline so a query can group by the expression's alias.
 */
export function nyLocal(column: string, spans: readonly OffsetSpan[]): SQL {
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new RangeError(`Not an integer: ${n}`);
    return String(n);
  };
  const last = spans[spans.length - 1];
  if (!last) throw new RangeError('No offset spans');
  if (spans.length === 1) return sql.raw(`(${column} + ${int(last.offsetMs)})`);
  const whens = spans
    .filter((s) => s.until != null)
    .map((s) => `WHEN ${column} < ${int(s.until ?? 0)} THEN ${int(s.offsetMs)}`)
    .join(' ');
  return sql.raw(`(${column} + CASE ${whens} ELSE ${int(last.offsetMs)} END)`);
}

export const DAY = sql.raw(String(MS_PER_DAY));
export const MINUTE = sql.raw(String(MS_PER_MINUTE));

/** What every report's queries start from: the range, its instants and New York's offsets over them. */
export interface Span {
  range: ReportRange;
  from: number;
  to: number;
  /** The offsets over the range and the day after it, which a window ending at midnight reaches. */
  spans: OffsetSpan[];
}

export function spanOf(range: ReportRange): Span {
  const { from, to } = rangeInstants(range);
  return { range, from, to, spans: offsetSpans(from, to + MS_PER_DAY) };
}

export const num = (v: unknown): number => Number(v ?? 0);
