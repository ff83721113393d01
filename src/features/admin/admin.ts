/** Shapes the admin API answers with (admin.md §3, §7). Money is integer cents. */
import type { StaffRole } from '../../db/delivery-values.ts';
import type { ProductStatus, StockReason } from '../../db/menu-values.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import type { BulkChange } from '../menu/products.ts';
import type { OrderZone, TaxLineView } from '../orders/orders.ts';

export interface AdminMe {
  isLoggedIn: boolean;
  email?: string;
  role?: StaffRole;
  /** When the session ends (epoch ms). */
  expiresAt?: number;
}

export interface AdminOrderSummary {
  /** The order's reference: the id every admin call uses (D14). */
  ref: string;
  status: OrderStatus;
  createdAt: number;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  total: number;
  itemCount: number;
  /** D39: a patient's registration, its number masked; null on an order that gave none. */
  patient: AdminPatientSummary | null;
  /** D40: what was bought, line by line, with the packages each line went out in. */
  items: AdminOrderLine[];
}

/** D40: a package an order line went out in; a null tag waits for one ("needs a tag"). */
export interface AdminLinePackage {
  tag: string | null;
  /** In the package's unit: grams or pieces. */
  quantity: number;
  unit: 'g' | 'each';
}

export interface AdminOrderLine {
  name: string;
  quantity: number;
  /** D40: whether the line is cannabis, traced in Metrc by tag (accessories are not). */
  traced: boolean;
  packages: AdminLinePackage[];
}

/** A patient's registration as lists show it: the number masked but its last 4 (orders/registry.ts), and the card's expiry. */
export interface AdminPatientSummary {
  registryMasked: string;
  /** 'YYYY-MM-DD'; null when none was recorded. */
  expiresOn: string | null;
}

export interface AdminOrderHistoryEntry {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: string;
  note: string;
  createdAt: number;
}

export interface AdminOrder extends AdminOrderSummary {
  items: (AdminOrderLine & { unitPrice: number; lineTotal: number })[];
  subtotal: number;
  deliveryFee: number;
  tax: number;
  /** D38: each tax line the order paid, by name, rate and amount; tax is their sum; empty where none applied. */
  taxLines: TaxLineView[];
  /**
   * D39: the registration in full as well: one order's view is where staff check the number against
   * the patient's card, so it shows all of it.
   */
  patient: (AdminPatientSummary & { registryId: string }) | null;
  deliveryAddress: string;
  deliveryTime: string;
  deliveryInstructions: string;
  /** The zone the order was priced in and the rule applied (D31); null when it recorded none. */
  zone: OrderZone | null;
  history: AdminOrderHistoryEntry[];
}

/** The public product plus the admin's availability switch (D6), status (M1) and threshold (M2). */
export interface AdminProduct extends ApiProduct {
  available: boolean;
  status: ProductStatus;
  /** The 'Low stock' filter lists the product at or under this, in the base unit. */
  lowStockQuantity: number;
}

/** One row of a product's inventory ledger (D33), as the admin reads it. */
export interface AdminLedgerEntry {
  id: number;
  createdAt: number;
  /** 'admin:{email}' or 'system'. */
  actor: string;
  /** Signed, in the base unit (grams or units). */
  quantity: number;
  reason: StockReason;
  note: string;
  /** The order a sale or cancellation belongs to (D14: its reference, never its row id). */
  orderRef: string | null;
  /** The stock once this row was written, in the base unit. */
  stockAfter: number;
}

/** A product's ledger, newest row first. */
export interface AdminLedger {
  productId: number;
  name: string;
  category: string;
  /** The sum of every row; null when stock is not tracked. */
  stockQuantity: number | null;
  entries: AdminLedgerEntry[];
}

/** What a bulk action changes (its preview) or changed. */
export interface BulkResult {
  applied: boolean;
  /** How many products change. */
  products: number;
  changes: BulkChange[];
}

export interface OutboxMessage {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: number;
}

/** D23: product manager page sizes. */
export const PRODUCT_PAGE_SIZE = { default: 10, Flower: 30 } as const;
