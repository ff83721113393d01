/**
 * Admin inputs (admin.md §5, §7), shared by the admin screens and the server (one schema each).
 * Money is integer cents (D1): the forms show dollars and convert with toCents().
 */
import * as v from 'valibot';
import { DEFAULT_LOW_STOCK_MILLI, PRODUCT_STATUSES } from '../../db/menu-values.ts';
import { ORDER_STATUSES } from '../../db/order-values.ts';
import { MAX_PRICE_CENTS } from '../../lib/money.ts';
import { STRAIN_TYPES } from '../catalog/browse.ts';
import { MAX_STOCK_QUANTITY, stockToBaseUnits } from '../catalog/stock.ts';
import { isSafeUrl, MAX_URL_LENGTH, SAFE_URL_MESSAGE } from '../images/site-images.schema.ts';

/** A new product's low-stock threshold when none is given, in the base unit. */
export const DEFAULT_LOW_STOCK_QUANTITY = stockToBaseUnits(DEFAULT_LOW_STOCK_MILLI) ?? 0;
/**
 * admin.md §5 lists none (null), Indica, Sativa and Hybrid; the shop's own list adds CBD, which
 * the seed's CBD-rich products carry, so saving one of them keeps its type.
 */
export { STRAIN_TYPES };

export const StatusChange = v.strictObject({
  status: v.picklist(ORDER_STATUSES, 'Choose a status'),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'The note must be at most 500 characters')), ''),
});
export type StatusChange = v.InferOutput<typeof StatusChange>;

export const OrdersQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search text must be at most 200 characters')), ''),
  status: v.optional(v.picklist(['all', ...ORDER_STATUSES], 'Unknown status'), 'all'),
  sort: v.optional(v.picklist(['newest', 'oldest'], 'Sort is newest or oldest'), 'newest'),
});
export type OrdersQuery = v.InferOutput<typeof OrdersQuery>;

/** admin.md §5 Send email: to, subject, message (sent as `text`), all required. */
export const AdminEmail = v.strictObject({
  to: v.pipe(
    v.string('To is required'),
    v.trim(),
    v.nonEmpty('To is required'),
    v.maxLength(254),
    v.email('Please enter a valid email address'),
  ),
  subject: v.pipe(
    v.string('Subject is required'),
    v.trim(),
    v.nonEmpty('Subject is required'),
    v.maxLength(200, 'Subject must be at most 200 characters'),
  ),
  text: v.pipe(
    v.string('Message is required'),
    v.trim(),
    v.nonEmpty('Message is required'),
    v.maxLength(10_000, 'Message must be at most 10,000 characters'),
  ),
});
export type AdminEmail = v.InferOutput<typeof AdminEmail>;

const cents = (label: string) =>
  v.nullable(
    v.pipe(
      v.number(`${label} must be a number`),
      v.integer(`${label} must be in whole cents`),
      v.minValue(0, `${label} cannot be negative`),
      v.maxValue(MAX_PRICE_CENTS, `${label} is too large`),
    ),
  );

const tenths = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
    v.check((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, `${label} takes steps of 0.1`),
  );

/** Stock quantities are in the base unit (grams or units) with at most 3 decimals (decision 0006). */
const baseUnits = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.minValue(0, `${label} cannot be negative`),
    v.maxValue(MAX_STOCK_QUANTITY, `${label} is too large`),
    v.check((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, `${label} takes at most 3 decimals`),
  );

/** A row id in a body: a positive whole number. */
const rowId = (label: string) =>
  v.pipe(v.number(`${label} is required`), v.integer(`${label} must be a whole number`), v.minValue(1, `${label} is required`));

const text = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
  );

/**
 * The fields a product is written with, shared by the edit dialog (PATCH), the new-product form
 * (POST) and the server, so each field has one rule (admin.md §5).
 */
const productField = {
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(200, 'Name must be at most 200 characters'),
  ),
  description: text('Description', 5000),
  price: v.pipe(
    v.number('Price must be a number'),
    v.integer('Price must be in whole cents'),
    v.minValue(1, 'Price must be above zero'),
    v.maxValue(MAX_PRICE_CENTS, 'Price is too large'),
  ),
  salePrice: cents('Sale price'),
  price1g: cents('1g price'),
  price2g: cents('2g price'),
  price3_5g: cents('3.5g price'),
  price7g: cents('7g price'),
  priceHalfOz: cents('1/2 oz price'),
  priceOz: cents('1 oz price'),
  /** 1 to 5; a product nobody has rated yet holds 0 and is saved without one. */
  rating: tenths('Rating', 1, 5),
  thcContent: v.nullable(tenths('THC', 0, 100)),
  cbdContent: v.nullable(tenths('CBD', 0, 100)),
  /** THC per package, for edibles (purchase limits count it, D15). */
  thcMg: v.nullable(
    v.pipe(
      v.number('THC per package must be a number'),
      v.integer('THC per package is in whole milligrams'),
      v.minValue(0, 'THC per package cannot be negative'),
      v.maxValue(100_000, 'THC per package is too large'),
    ),
  ),
  /** Grams of cannabis in one pre-roll pack or cartridge (purchase limits count it, D15). */
  netGrams: v.nullable(baseUnits('Net weight')),
  strainType: v.nullable(v.picklist(STRAIN_TYPES, `Strain type is none, ${STRAIN_TYPES.join(', ')}`)),
  effects: text('Effects', 300),
  flavor: v.nullable(text('Flavor', 100)),
  origin: v.nullable(text('Origin', 100)),
  /** A path on this site (an upload's URL) or an https address; '' = none (the placeholder shows). */
  image: v.pipe(
    v.string('Image must be a URL'),
    v.trim(),
    v.maxLength(MAX_URL_LENGTH, 'The URL is too long'),
    v.check((s) => s === '' || isSafeUrl(s), SAFE_URL_MESSAGE),
  ),
  categoryId: rowId('Category'),
  /** The strain, for Flower only; null = none. */
  subcategoryId: v.nullable(rowId('Strain')),
  status: v.picklist(PRODUCT_STATUSES, 'Status is draft, active or archived'),
  /** Base units (grams or units); null = not tracked (D6). */
  stockQuantity: v.nullable(baseUnits('Stock')),
  /** The 'Low stock' filter lists a product at or under this, in the base unit. */
  lowStockQuantity: baseUnits('Low stock threshold'),
  isFeatured: v.boolean('Featured is true or false'),
  isBestSeller: v.boolean('Best seller is true or false'),
  isNewArrival: v.boolean('New arrival is true or false'),
  isOrganic: v.boolean('Organic is true or false'),
};

/**
 * PATCH /api/admin/products/{id}: the edited product (admin.md §5 field rules). The dialog's
 * original fields are required; the rest keep their value when left out. A changed stock enters
 * the ledger as a correction (D33).
 */
export const ProductUpdate = v.strictObject({
  name: productField.name,
  description: productField.description,
  price: productField.price,
  salePrice: productField.salePrice,
  price1g: productField.price1g,
  price2g: productField.price2g,
  price3_5g: productField.price3_5g,
  price7g: productField.price7g,
  priceHalfOz: productField.priceHalfOz,
  priceOz: productField.priceOz,
  rating: v.optional(productField.rating),
  thcContent: productField.thcContent,
  cbdContent: productField.cbdContent,
  strainType: productField.strainType,
  effects: productField.effects,
  flavor: productField.flavor,
  stockQuantity: productField.stockQuantity,
  isFeatured: productField.isFeatured,
  isBestSeller: productField.isBestSeller,
  isNewArrival: v.optional(productField.isNewArrival),
  isOrganic: v.optional(productField.isOrganic),
  status: v.optional(productField.status),
  lowStockQuantity: v.optional(productField.lowStockQuantity),
  image: v.optional(productField.image),
  thcMg: v.optional(productField.thcMg),
  netGrams: v.optional(productField.netGrams),
  origin: v.optional(productField.origin),
  categoryId: v.optional(productField.categoryId),
  subcategoryId: v.optional(productField.subcategoryId),
});
export type ProductUpdate = v.InferOutput<typeof ProductUpdate>;

/**
 * POST /api/admin/products: a new product, with every field of the edit dialog. It starts as a
 * draft unless told otherwise; its stock enters the ledger as received. `price` may be left out
 * for weighed categories, whose price follows the smallest weight.
 */
export const ProductCreate = v.strictObject({
  name: productField.name,
  description: v.optional(productField.description, ''),
  categoryId: productField.categoryId,
  subcategoryId: v.optional(productField.subcategoryId, null),
  status: v.optional(productField.status, 'draft'),
  price: v.optional(productField.price),
  salePrice: v.optional(productField.salePrice, null),
  price1g: v.optional(productField.price1g, null),
  price2g: v.optional(productField.price2g, null),
  price3_5g: v.optional(productField.price3_5g, null),
  price7g: v.optional(productField.price7g, null),
  priceHalfOz: v.optional(productField.priceHalfOz, null),
  priceOz: v.optional(productField.priceOz, null),
  rating: v.optional(productField.rating),
  thcContent: v.optional(productField.thcContent, null),
  cbdContent: v.optional(productField.cbdContent, null),
  thcMg: v.optional(productField.thcMg, null),
  netGrams: v.optional(productField.netGrams, null),
  strainType: v.optional(productField.strainType, null),
  effects: v.optional(productField.effects, ''),
  flavor: v.optional(productField.flavor, null),
  origin: v.optional(productField.origin, null),
  image: v.optional(productField.image, ''),
  stockQuantity: v.optional(productField.stockQuantity, null),
  lowStockQuantity: v.optional(productField.lowStockQuantity, DEFAULT_LOW_STOCK_QUANTITY),
  isFeatured: v.optional(productField.isFeatured, false),
  isBestSeller: v.optional(productField.isBestSeller, false),
  isNewArrival: v.optional(productField.isNewArrival, false),
  isOrganic: v.optional(productField.isOrganic, false),
});
export type ProductCreate = v.InferOutput<typeof ProductCreate>;

/** The reasons an admin gives for a stock change by hand; the others are written by orders. */
export const STOCK_CHANGE_REASONS = ['received', 'damaged', 'correction'] as const;
export type StockChangeReason = (typeof STOCK_CHANGE_REASONS)[number];

/**
 * POST /api/admin/products/{id}/stock (D33): received adds, damaged removes, a correction adds or
 * removes by its sign. In the base unit (grams or units).
 */
export const StockChange = v.pipe(
  v.strictObject({
    quantity: v.pipe(
      v.number('Quantity must be a number'),
      v.check((n) => n !== 0, 'Quantity cannot be 0'),
      v.check((n) => Math.abs(n) <= MAX_STOCK_QUANTITY, 'Quantity is too large'),
      v.check((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, 'Quantity takes at most 3 decimals'),
    ),
    reason: v.picklist(STOCK_CHANGE_REASONS, 'Reason is received, damaged or correction'),
    note: v.optional(text('Note', 500), ''),
  }),
  v.forward(
    v.check((c) => c.reason === 'correction' || c.quantity > 0, 'Enter the quantity as a positive number'),
    ['quantity'],
  ),
);
export type StockChange = v.InferOutput<typeof StockChange>;

/** The most products one bulk action takes. */
export const MAX_BULK_PRODUCTS = 1000;
/** A bulk price change moves prices by at least -90% and at most +500%. */
export const BULK_PERCENT = { min: -90, max: 500 } as const;

/**
 * What a bulk action does to every selected product (the product manager's bulk bar). Prices
 * change by a percent with at most two decimals; each price is rounded to whole cents.
 */
export const BulkAction = v.variant(
  'type',
  [
    v.strictObject({ type: v.literal('activate') }),
    v.strictObject({ type: v.literal('archive') }),
    v.strictObject({
      type: v.literal('setCategory'),
      categoryId: productField.categoryId,
      subcategoryId: v.optional(productField.subcategoryId, null),
    }),
    v.strictObject({
      type: v.literal('changePrices'),
      percent: v.pipe(
        v.number('Percent must be a number'),
        v.minValue(BULK_PERCENT.min, `Percent must be at least ${BULK_PERCENT.min}`),
        v.maxValue(BULK_PERCENT.max, `Percent must be at most ${BULK_PERCENT.max}`),
        v.check((n) => n !== 0, 'Percent cannot be 0'),
        v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Percent takes at most 2 decimals'),
      ),
    }),
  ],
  'Action is activate, archive, setCategory or changePrices',
);
export type BulkAction = v.InferOutput<typeof BulkAction>;

/** POST /api/admin/products/bulk: the selected products (each once) and the action. */
export const BulkEdit = v.strictObject({
  ids: v.pipe(
    v.array(rowId('Product id'), 'Select the products'),
    v.minLength(1, 'Select at least one product'),
    v.maxLength(MAX_BULK_PRODUCTS, `Select at most ${MAX_BULK_PRODUCTS.toLocaleString('en-US')} products`),
    v.transform((ids) => [...new Set(ids)]),
  ),
  action: BulkAction,
});
export type BulkEdit = v.InferOutput<typeof BulkEdit>;

/** `?preview=1` answers every change without writing any. */
export const BulkQuery = v.object({
  preview: v.optional(v.picklist(['1', '0', 'true', 'false'], 'preview is 1 or 0')),
});

export const InventoryUpdate = v.strictObject({ inStock: v.boolean('inStock must be true or false') });
