/**
 * Admin inputs (admin.md §5, §7), shared by the admin screens and the server (one schema each).
 * Money is integer cents (D1): the forms show dollars and convert with toCents().
 */
import * as v from 'valibot';
import { ORDER_STATUSES } from '../orders/order-status.ts';

export const LoginInput = v.strictObject({
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.maxLength(254),
    v.email('Please enter a valid email address'),
  ),
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'), v.maxLength(200, 'Password is too long')),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

/** New admin passwords (admin:create, ADMIN_PASSWORD): long enough to resist guessing. */
export const NewPassword = v.pipe(v.string(), v.minLength(12, 'The password must be at least 12 characters'), v.maxLength(200));

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
      v.maxValue(10_000_000, `${label} is too large`),
    ),
  );

const tenths = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
    v.check((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, `${label} takes steps of 0.1`),
  );

/** PATCH /api/admin/products/{id}: the edited product (admin.md §5 field rules). */
export const ProductUpdate = v.strictObject({
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(200, 'Name must be at most 200 characters'),
  ),
  description: v.pipe(v.string(), v.trim(), v.maxLength(5000, 'Description must be at most 5,000 characters')),
  price: v.pipe(
    v.number('Price must be a number'),
    v.integer('Price must be in whole cents'),
    v.minValue(1, 'Price must be above zero'),
    v.maxValue(10_000_000, 'Price is too large'),
  ),
  salePrice: cents('Sale price'),
  price1g: cents('1g price'),
  price2g: cents('2g price'),
  price3_5g: cents('3.5g price'),
  price7g: cents('7g price'),
  priceHalfOz: cents('1/2 oz price'),
  priceOz: cents('1 oz price'),
  rating: tenths('Rating', 1, 5),
  thcContent: v.nullable(tenths('THC', 0, 100)),
  cbdContent: v.nullable(tenths('CBD', 0, 100)),
  strainType: v.nullable(v.picklist(['Indica', 'Sativa', 'Hybrid'], 'Strain type is none, Indica, Sativa or Hybrid')),
  effects: v.pipe(v.string(), v.trim(), v.maxLength(300, 'Effects must be at most 300 characters')),
  flavor: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Flavor must be at most 100 characters'))),
  /** Base units (grams or units); null = not tracked (D6). */
  stockQuantity: v.nullable(
    v.pipe(
      v.number('Stock must be a number'),
      v.minValue(0, 'Stock cannot be negative'),
      v.maxValue(1_000_000, 'Stock is too large'),
      v.check((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, 'Stock takes at most 3 decimals'),
    ),
  ),
  isFeatured: v.boolean(),
  isBestSeller: v.boolean(),
  isNewArrival: v.optional(v.boolean()),
  isOrganic: v.optional(v.boolean()),
});
export type ProductUpdate = v.InferOutput<typeof ProductUpdate>;

export const InventoryUpdate = v.strictObject({ inStock: v.boolean('inStock must be true or false') });

/** Dollars typed in a form (step 0.01) to cents; '' is null. */
export function toCents(dollars: string): number | null {
  const trimmed = dollars.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
