/**
 * Value lists of the menu tables, shared by the schema and the admin screens (which must not pull
 * the database schema into their bundles).
 */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * M2: the low-stock threshold of a product that does not set one, in stock units (decision 0006:
 * thousandths of the base unit, so 5 g or 5 units). The column's default, the product form's and
 * the CSV import's.
 */
export const DEFAULT_LOW_STOCK_MILLI = 5000;

/** Why stock moved (D33, D40): 'waste' and 'damaged' take stock off, 'correction' is a count. */
export const STOCK_REASONS = ['received', 'correction', 'damaged', 'waste', 'sold', 'order_cancelled', 'delivery_failed'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
