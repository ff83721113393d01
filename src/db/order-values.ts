/**
 * Values of the orders' status column, shared by the schema and the features. Plain constants, so
 * an island can import them without the schema.
 */

/** Order statuses (storefront.md §4); admin may set any of them (D17). */
export const ORDER_STATUSES = ['processing', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
