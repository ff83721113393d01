/**
 * D9, D32, §5, §9 in SQL: the live deals and the price a list shows, for reads that filter or sort
 * by price in the database. The rules themselves are pricing.ts (liveDealPercents, displayPrice)
 * and browse.ts (listPrice); these expressions give the same numbers, which
 * tests/api/catalogue-prices.test.ts checks product by product against them.
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { dealProducts, deals, products } from '../../db/schema.ts';
import { WEIGHT_OPTIONS } from './catalog.ts';

/**
 * Each product in a deal live at `now` (epoch ms) with its percent off, one row per product: the
 * enabled deals whose window holds `now` (start inclusive, end exclusive, pricing.isDealLive), the
 * largest percent where several name it, never below 0 (pricing.liveDealPercents).
 */
export function liveDealsQuery(db: Db, now: number) {
  return db
    .select({
      productId: dealProducts.productId,
      percentOff: sql<number>`max(max(${deals.percentOff}), 0)`.as('live_percent_off'),
    })
    .from(dealProducts)
    .innerJoin(deals, eq(dealProducts.dealId, deals.id))
    .where(
      and(
        eq(deals.active, true),
        or(isNull(deals.startsAt), lte(deals.startsAt, now)),
        or(isNull(deals.endsAt), sql`${now} < ${deals.endsAt}`),
      ),
    )
    .groupBy(dealProducts.productId)
    .as('live_deal');
}

export type LiveDeals = ReturnType<typeof liveDealsQuery>;

/**
 * Stands for a weight not on offer in the row-wise min() of the weight prices (SQLite's min() of
 * several values is null when any is): the largest integer, above any price a product can have.
 */
const NOT_OFFERED = sql.raw('9223372036854775807');

/**
 * The price a list shows for the product row in scope, in cents (browse.listPrice): for a weighed
 * category the lowest weight price above zero (catalog.availableWeights), else the base price;
 * with a live deal, round(regular x (100 - percent) / 100). The deal price is worked in integers:
 * cents and (100 - percent) are never negative (percent is 1-90), so adding 50 before the
 * truncating division rounds halves up as Math.round does.
 *
 * `category` is the rule key of the row's category (catalog.categoryKey) and `dealPercentOff` the
 * row's live percent, null when it is in no live deal: the caller joins both.
 */
export function listPriceSql(category: SQL, dealPercentOff: SQL | SQL.Aliased<number> | SQLiteColumn): SQL<number> {
  const weighed = Object.entries(WEIGHT_OPTIONS).map(([name, options]) => {
    const offered = options.map((o) => sql`(case when ${products[o.field]} > 0 then ${products[o.field]} else ${NOT_OFFERED} end)`);
    // SQLite's min() of one argument is the aggregate, so a single option stands alone.
    const lowest = offered.length === 1 ? offered[0] : sql`min(${sql.join(offered, sql`, `)})`;
    return sql`when ${name} then coalesce(nullif(${lowest}, ${NOT_OFFERED}), ${products.price})`;
  });
  const regular = sql`(case ${category} ${sql.join(weighed, sql` `)} else ${products.price} end)`;
  return sql<number>`(case when ${dealPercentOff} is null then ${regular} else (${regular} * (100 - ${dealPercentOff}) + 50) / 100 end)`;
}
