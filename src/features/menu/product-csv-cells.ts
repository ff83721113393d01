/**
 * The products CSV's cells: each column's text to the value it stands for (money in dollars, stock
 * in base units, flags as words), and the stored value a cell gives the product.
 */

import * as v from 'valibot';
import { DEFAULT_LOW_STOCK_MILLI, PRODUCT_STATUSES, type ProductStatus } from '../../db/menu-values.ts';
import { MAX_PRICE_CENTS } from '../../lib/money.ts';
import { STRAIN_TYPES } from '../catalog/browse.ts';
import { baseUnitsToStock, MAX_STOCK_QUANTITY } from '../catalog/stock.ts';
import { restoreFormulaText } from './csv.ts';
import { SLUG_PATTERN } from './menu.schema.ts';
import { FIELD_OF, NEW_PRODUCT, type ProductCsvColumn } from './product-csv-columns.ts';

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** Dollars as typed or exported ("12.50", "$1,200", "12") to cents; empty is null. */
export function parseDollars(text: string, label: string): Parsed<number | null> {
  let t = text.trim().replace(/\s+/g, '');
  if (t === '') return ok(null);
  const negative = t.startsWith('-');
  t = t
    .replace(/^-/, '')
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return fail(`${label} must be an amount in dollars, like 12.50`);
  if (negative && Number(t) !== 0) return fail(`${label} cannot be negative`);
  const [whole = '', fraction = ''] = t.split('.');
  if (fraction.length > 2) return fail(`${label} takes at most 2 decimals (whole cents)`);
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_PRICE_CENTS) return fail(`${label} is too large`);
  return ok(cents);
}

/** Cents as the CSV writes them: dollars with two decimals, as Shopify does. */
export const formatDollars = (cents: number | null): string => (cents == null ? '' : (cents / 100).toFixed(2));

function parseNumber(
  text: string,
  label: string,
  { min, max, decimals = Number.POSITIVE_INFINITY, range }: { min: number; max: number; decimals?: number; range?: boolean },
): Parsed<number | null> {
  const t = text.trim();
  if (t === '') return ok(null);
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return fail(`${label} must be a number`);
  const n = Number(t);
  if (range && (n < min || n > max)) return fail(`${label} must be between ${min} and ${max}`);
  if (n < min) return fail(min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`);
  if (n > max) return fail(`${label} must be at most ${max}`);
  const places = t.split('.')[1]?.length ?? 0;
  if (places > decimals) return fail(decimals === 0 ? `${label} must be a whole number` : `${label} takes at most ${decimals} decimals`);
  return ok(n);
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

function parseBoolean(text: string, label: string): Parsed<boolean | null> {
  const t = text.trim().toLowerCase();
  if (t === '') return ok(null);
  if (TRUE_WORDS.has(t)) return ok(true);
  if (FALSE_WORDS.has(t)) return ok(false);
  return fail(`${label} must be true or false`);
}

/** Free text: the formula mark restored (csv.ts), trimmed as the edit dialog trims. */
function parseText(text: string, label: string, max: number): Parsed<string> {
  const t = restoreFormulaText(text).trim();
  return t.length > max ? fail(`${label} must be at most ${max.toLocaleString('en-US')} characters`) : ok(t);
}

/** A valibot schema for one optional column: its cell's text through `parse`, with its message. */
export function cell<T>(parse: (text: string) => Parsed<T>) {
  return v.optional(
    v.pipe(
      v.string(),
      v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
        const result = parse(dataset.value);
        if (result.ok) return result.value;
        addIssue({ message: result.message });
        return NEVER;
      }),
    ),
  );
}

const money = (label: string) => cell((t) => parseDollars(t, label));
const flag = (label: string) => cell((t) => parseBoolean(t, label));
const optionalText = (label: string, max: number) =>
  cell((t) => {
    const r = parseText(t, label, max);
    return r.ok ? ok(r.value === '' ? null : r.value) : r;
  });
const lookupSlug = (label: string) =>
  cell((t) => {
    const s = t.trim().toLowerCase();
    return s.length > 100 ? fail(`${label} is too long`) : ok(s === '' ? null : s);
  });

/**
 * One data row's cells, each column parsed and checked on its own (a row with a bad cell reports
 * it under the column's name). What needs other rows or the database is checked by planImport.
 */
export const ProductCsvRow = v.object({
  id: cell((t) => {
    const s = t.trim();
    if (s === '') return ok(null);
    return /^\d{1,15}$/.test(s) && Number(s) > 0 ? ok(Number(s)) : fail('The id must be a positive whole number');
  }),
  slug: cell((t) => {
    const s = t.trim();
    if (s === '') return ok(null);
    if (s.length > 80) return fail('Slug must be at most 80 characters');
    return SLUG_PATTERN.test(s) ? ok(s) : fail('Slug must be lowercase letters, digits and single hyphens, like blue-dream-3-5g');
  }),
  name: cell((t) => {
    const r = parseText(t, 'Name', 200);
    return r.ok && r.value === '' ? fail('Name is required') : r;
  }),
  status: cell((t) => {
    const s = t.trim().toLowerCase();
    return (PRODUCT_STATUSES as readonly string[]).includes(s) ? ok(s as ProductStatus) : fail('Status must be draft, active or archived');
  }),
  category: cell((t) => {
    const s = t.trim().toLowerCase();
    return s === '' ? fail('Category is required') : ok(s);
  }),
  strain: lookupSlug('Strain'),
  description: cell((t) => parseText(t, 'Description', 5000)),
  price: money('Price'),
  sale_price: money('Sale price'),
  price_1g: money('1g price'),
  price_2g: money('2g price'),
  price_3_5g: money('3.5g price'),
  price_7g: money('7g price'),
  price_half_oz: money('1/2 oz price'),
  price_oz: money('1 oz price'),
  thc_percent: cell((t) => parseNumber(t, 'THC', { min: 0, max: 100, range: true })),
  cbd_percent: cell((t) => parseNumber(t, 'CBD', { min: 0, max: 100, range: true })),
  thc_mg: cell((t) => parseNumber(t, 'THC mg', { min: 0, max: 100_000, decimals: 0 })),
  net_grams: cell((t) => parseNumber(t, 'Net grams', { min: 0, max: 1000 })),
  strain_type: cell((t) => {
    const s = t.trim().toLowerCase();
    if (s === '') return ok(null);
    const known = STRAIN_TYPES.find((type) => type.toLowerCase() === s);
    return known ? ok(known) : fail(`Strain type must be ${STRAIN_TYPES.join(', ')} or empty`);
  }),
  effects: cell((t) => parseText(t, 'Effects', 300)),
  flavor: optionalText('Flavor', 100),
  origin: optionalText('Origin', 100),
  rating: cell((t) => parseNumber(t, 'Rating', { min: 0, max: 5, range: true })),
  stock: cell((t) => parseNumber(t, 'Stock', { min: 0, max: MAX_STOCK_QUANTITY, decimals: 3 })),
  low_stock: cell((t) => parseNumber(t, 'Low stock', { min: 0, max: MAX_STOCK_QUANTITY, decimals: 3 })),
  image: cell((t) => parseText(t, 'Image', 2000)),
  available: flag('Available'),
  is_featured: flag('Featured'),
  is_best_seller: flag('Best seller'),
  is_new_arrival: flag('New arrival'),
  is_organic: flag('Organic'),
});
export type ProductCsvCells = v.InferOutput<typeof ProductCsvRow>;

/** A cell's value as stored: stock columns to stock units, empty booleans and text to the default. */
export function storedValue(column: ProductCsvColumn, value: unknown): unknown {
  if (column === 'stock') return baseUnitsToStock(value as number | null);
  if (column === 'low_stock') return baseUnitsToStock(value as number | null) ?? DEFAULT_LOW_STOCK_MILLI;
  if (value != null) return value;
  const field = FIELD_OF[column as keyof typeof FIELD_OF];
  return field ? (NEW_PRODUCT as Record<string, unknown>)[field] : null;
}
