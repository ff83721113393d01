/**
 * The product manager's rules, shared by its screens and the server: where a product may sit
 * (category and strain), which potency fields apply, what a bulk action changes, how a stock change
 * moves the ledger (D33) and when a product counts as low on stock.
 */

import type { ProductStatus, StockReason } from '../../db/menu-values.ts';
import { MAX_PRICE_CENTS } from '../../lib/money.ts';
import type { BulkAction, StockChangeReason } from '../admin/admin.schema.ts';
import { categoryKey, type WeightPrices } from '../catalog/catalog.ts';
import { baseUnitsToStock } from '../catalog/stock.ts';
import { checkPrices } from './product-fields.ts';

/** THC per package is stated for edibles; purchase limits count it (D15). */
export const takesThcMg = (category: string): boolean => category === 'Edible';
/** Grams per unit are stated for products sold by the piece that hold cannabis (D15). */
export const takesNetGrams = (category: string): boolean => category === 'Pre-roll' || category === 'Vaporizer';

/** A category or strain as the product rules need it. */
export interface MenuCategory {
  id: number;
  name: string;
  /** The rules' name for a built-in category (catalog.ts categoryKey). */
  kind: string | null;
  parentId: number | null;
  retired: boolean;
}

export type Problem = { ok: false; message: string; fields: Record<string, string> };

export type Placement = { ok: true; category: MenuCategory; subcategoryId: number | null } | Problem;

const problem = (field: string, message: string): Problem => ({ ok: false, message, fields: { [field]: message } });

/**
 * Where a product sits: a top-level category and, for a category with strains (Flower), one of
 * its strains or none. A retired category or strain takes no new products, but a product already
 * there may stay (`current`).
 */
export function placeProduct(
  categories: readonly MenuCategory[],
  categoryId: number,
  subcategoryId: number | null,
  current?: { categoryId: number; subcategoryId: number | null },
  fields = { category: 'categoryId', strain: 'subcategoryId' },
): Placement {
  const category = categories.find((c) => c.id === categoryId && c.parentId == null);
  if (!category) return problem(fields.category, 'Choose one of the categories');
  if (category.retired && current?.categoryId !== categoryId) return problem(fields.category, `${category.name} is retired`);
  if (subcategoryId == null) return { ok: true, category, subcategoryId: null };
  const strain = categories.find((c) => c.id === subcategoryId);
  if (!strain || strain.parentId !== category.id) {
    const hasStrains = categories.some((c) => c.parentId === category.id);
    return problem(fields.strain, hasStrains ? `Choose one of the ${category.name} strains` : `${category.name} products have no strain`);
  }
  if (strain.retired && current?.subcategoryId !== subcategoryId) return problem(fields.strain, `${strain.name} is retired`);
  return { ok: true, category, subcategoryId };
}

/** The retired category or strain a product sits in, if any: such a product cannot be made active. */
export function retiredPlace(
  categories: readonly MenuCategory[],
  p: { categoryId: number; subcategoryId: number | null },
): MenuCategory | undefined {
  return categories.find((c) => c.retired && (c.id === p.categoryId || c.id === p.subcategoryId));
}

export const PRICE_FIELDS = ['price', 'salePrice', 'price1g', 'price2g', 'price3_5g', 'price7g', 'priceHalfOz', 'priceOz'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** `cents` moved by `percent` (two decimals at most), rounded to whole cents, halves up. */
export function changedPrice(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  // Integers all the way to the one division, so 2500 * +10% is exactly 2750.
  return Math.round((cents * (10_000 + basisPoints)) / 10_000);
}

/** What a bulk action needs to know of each product. */
export interface BulkProduct extends WeightPrices {
  id: number;
  name: string;
  status: ProductStatus;
  categoryId: number;
  subcategoryId: number | null;
  price: number;
  salePrice: number | null;
  thcMg: number | null;
  netGrams: number | null;
}

type BulkField = 'status' | 'categoryId' | 'subcategoryId' | 'thcMg' | 'netGrams' | PriceField;
type BulkValue = string | number | null;

/** One field of one product that a bulk action changes. */
export interface BulkChange {
  id: number;
  name: string;
  field: BulkField;
  from: BulkValue;
  to: BulkValue;
}

export type BulkPlan = { ok: true; changes: BulkChange[]; updates: { id: number; set: Partial<Record<BulkField, BulkValue>> }[] } | Problem;

/** The first product that cannot take the action names the failure; the others are counted. */
function refused(field: string, failures: readonly { name: string; reason: string }[]): Problem {
  const [first] = failures;
  const more = failures.length - 1;
  const message = `${first?.name}: ${first?.reason}${more > 0 ? ` (and ${more} more ${more === 1 ? 'product' : 'products'})` : ''}`;
  return problem(field, message);
}

/** The changed fields of one product: `after` compared with the product, in a stable order. */
function diff(product: BulkProduct, after: Partial<Record<BulkField, BulkValue>>): BulkChange[] {
  return (Object.keys(after) as BulkField[]).flatMap((field) => {
    const from = product[field];
    const to = after[field] ?? null;
    return from === to ? [] : [{ id: product.id, name: product.name, field, from, to }];
  });
}

/**
 * Every change a bulk action makes, product by product, or why it cannot be made at all: one
 * product that cannot take it stops the whole action (it is applied in one transaction or not at
 * all), and the message names that product.
 */
export function planBulk(products: readonly BulkProduct[], action: BulkAction, categories: readonly MenuCategory[]): BulkPlan {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const afters: [BulkProduct, Partial<Record<BulkField, BulkValue>>][] = [];
  const failures: { name: string; reason: string }[] = [];
  const field = action.type === 'setCategory' ? 'action.categoryId' : action.type === 'changePrices' ? 'action.percent' : 'ids';

  for (const p of products) {
    switch (action.type) {
      case 'activate': {
        // A retired category or strain shows nothing, so its products stay off the shop until they move.
        const retired = retiredPlace(categories, p);
        if (p.status !== 'active' && retired) failures.push({ name: p.name, reason: `${retired.name} is retired` });
        afters.push([p, { status: 'active' }]);
        break;
      }
      case 'archive':
        afters.push([p, { status: 'archived' }]);
        break;
      case 'setCategory': {
        // A product keeps its strain when it stays under the same category and no strain is given.
        const keptStrain = action.subcategoryId ?? (p.categoryId === action.categoryId ? p.subcategoryId : null);
        const placed = placeProduct(categories, action.categoryId, keptStrain, p, {
          category: 'action.categoryId',
          strain: 'action.subcategoryId',
        });
        if (!placed.ok) return placed;
        const rules = categoryKey(placed.category);
        const prices = checkPrices(rules, p);
        if (!prices.ok) {
          failures.push({ name: p.name, reason: prices.message });
          break;
        }
        afters.push([
          p,
          {
            categoryId: placed.category.id,
            subcategoryId: placed.subcategoryId,
            price: prices.price,
            ...prices.weights,
            thcMg: takesThcMg(rules) ? p.thcMg : null,
            netGrams: takesNetGrams(rules) ? p.netGrams : null,
          },
        ]);
        break;
      }
      case 'changePrices': {
        const moved = Object.fromEntries(
          PRICE_FIELDS.map((f) => {
            const cents = p[f];
            return [f, cents == null ? null : changedPrice(cents, action.percent)];
          }),
        ) as Record<PriceField, number | null>;
        const values = PRICE_FIELDS.map((f) => moved[f]).filter((c): c is number => c != null);
        const checked = checkPrices(byId.get(p.categoryId)?.name ?? '', { ...moved, price: moved.price ?? p.price });
        // A weight price of 0 would quietly take that weight off sale (D5), so none may reach it.
        if (values.some((c) => c > MAX_PRICE_CENTS)) failures.push({ name: p.name, reason: 'a price would be too large' });
        else if (values.some((c) => c < 1)) failures.push({ name: p.name, reason: 'a price would fall below one cent' });
        else if (!checked.ok) failures.push({ name: p.name, reason: checked.message });
        else afters.push([p, { ...moved, ...checked.weights, price: checked.price }]);
        break;
      }
    }
  }
  if (failures.length > 0) return refused(field, failures);

  const changes: BulkChange[] = [];
  const updates: { id: number; set: Partial<Record<BulkField, BulkValue>> }[] = [];
  for (const [p, after] of afters) {
    const changed = diff(p, after);
    if (changed.length === 0) continue;
    changes.push(...changed);
    updates.push({ id: p.id, set: Object.fromEntries(changed.map((c) => [c.field, c.to])) });
  }
  return { ok: true, changes, updates };
}

/** D33: the signed change in stock units: received adds, damaged removes, a correction has its sign. */
export function stockDeltaMilli(change: { reason: StockChangeReason; quantity: number }): number {
  const milli = baseUnitsToStock(Math.abs(change.quantity)) ?? 0;
  if (change.reason === 'received') return milli;
  if (change.reason === 'damaged') return -milli;
  return change.quantity < 0 ? -milli : milli;
}

/**
 * M2, the low-stock rule: counted stock at or under the product's threshold; untracked stock never
 * is. The manager's 'Low stock' filter uses it; `isLowStockSql` (./low-stock.server.ts) is the
 * same comparison for queries, and tests/api/low-stock.test.ts checks the two agree.
 */
export function isLowStock(p: { stockQuantity: number | null; lowStockQuantity: number }): boolean {
  return p.stockQuantity != null && p.stockQuantity <= p.lowStockQuantity;
}

/** How the ledger names each reason. */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  correction: 'Correction',
  damaged: 'Damaged',
  waste: 'Waste',
  sold: 'Sold',
  order_cancelled: 'Order cancelled',
  delivery_failed: 'Delivery failed',
};
