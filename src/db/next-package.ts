/**
 * D40: the package a shopper would get next, in SQL: the first of the product's active packages
 * that holds stock, oldest received first (the one entered first on the same day), as
 * inventory/packages.ts `nextPackage` says it in code. Here so that every catalogue read, one
 * statement each, can join it (the catalogue sits below the inventory in decision 0019's order),
 * and the inventory's own read of lab results uses the very same SQL.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { PackageStatus } from './inventory-values.ts';
import { packages } from './schema-inventory.ts';

const ACTIVE = sql.raw(`'${'active' satisfies PackageStatus}'`);

/** The next package, joined with `nextPackageOn`. */
export const nextPackage = alias(packages, 'next_package');

/**
 * The id of the product's next package, or null when no active package holds stock: read from
 * packages_fifo_idx (the product's active packages, oldest first), stopping at the first with stock.
 */
export function nextPackageId(productId: AnyColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select k.id from ${packages} k
    where k.product_id = ${productId} and k.status = ${ACTIVE} and k.quantity_milli > 0
    order by k.received_on, k.id limit 1)`;
}

/** The join condition of `nextPackage` for a product id (a left join: a product may have none). */
export const nextPackageOn = (productId: AnyColumn | SQL): SQL => sql`${nextPackage.id} = ${nextPackageId(productId)}`;

/** What a read selects of the next package: its id and its lab results, raw (the COA's R2 key stays on the server). */
export const nextPackageLab = {
  id: nextPackage.id,
  thcPercent: nextPackage.thcPercent,
  cbdPercent: nextPackage.cbdPercent,
  thcMg: nextPackage.thcMg,
  testedOn: nextPackage.testedOn,
  lab: nextPackage.lab,
  coaKey: nextPackage.coaKey,
};

/** A row of `nextPackageLab`; every field null (or the whole row) when the product has no next package. */
export interface NextPackageLab {
  id: number | null;
  thcPercent: number | null;
  cbdPercent: number | null;
  thcMg: number | null;
  testedOn: string | null;
  lab: string | null;
  coaKey: string | null;
}
