/**
 * The database schema, one module per area; this is the one entry drizzle-kit reads
 * (scripts/drizzle.config.ts) and the one the rest of the code imports. Money columns hold integer
 * cents (D1); timestamps are Unix epoch milliseconds.
 */
export { DELIVERY_STATES, type DeliveryState, ID_TYPES, type IdType, STAFF_ROLES, type StaffRole } from './delivery-values.ts';
export {
  METRC_REPORT_STATUSES,
  METRC_TAG_PATTERN,
  type MetrcReportStatus,
  PACKAGE_STATUSES,
  PACKAGE_UNITS,
  type PackageStatus,
  type PackageUnit,
} from './inventory-values.ts';
export { PRODUCT_STATUSES, type ProductStatus, STOCK_REASONS, type StockReason } from './menu-values.ts';
export * from './schema-catalogue.ts';
export * from './schema-delivery.ts';
export * from './schema-inventory.ts';
export * from './schema-orders.ts';
export * from './schema-reports.ts';
export * from './schema-staff.ts';
export * from './schema-states.ts';
export { LIMIT_SCOPES, type LimitScope, STATE_SALES, type StateSales, TAX_BASES, type TaxBase } from './state-values.ts';
