/**
 * Value lists of the menu tables, shared by the schema and the admin screens (which must not pull
 * the database schema into their bundles).
 */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const STOCK_REASONS = ['received', 'correction', 'damaged', 'sold', 'order_cancelled', 'delivery_failed'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
