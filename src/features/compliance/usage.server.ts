/**
 * D39: what a set of orders counts against the purchase limits (D15), summed in SQL from the amounts
 * each order recorded. Checkout sums a person's day by phone or e-mail, the door an ID's day.
 */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import type { Usage } from './limits.ts';

/** The select columns that sum the orders' limit amounts, kind by kind. */
export const USAGE_SUMS = {
  flower: sql<number>`coalesce(sum(${orders.limitFlowerG}), 0)`,
  concentrate: sql<number>`coalesce(sum(${orders.limitConcentrateG}), 0)`,
  edible_thc: sql<number>`coalesce(sum(${orders.limitEdibleThcMg}), 0)`,
};

/** The sums read back as a Usage; no row reads as nothing bought. */
export const usageOfSums = (row: Partial<Usage> | undefined): Usage => ({
  flower: Number(row?.flower ?? 0),
  concentrate: Number(row?.concentrate ?? 0),
  edible_thc: Number(row?.edible_thc ?? 0),
});
