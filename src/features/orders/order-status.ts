/** Order statuses (storefront.md §4); admin may set any of them (D17). */
export const ORDER_STATUSES = ['processing', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
