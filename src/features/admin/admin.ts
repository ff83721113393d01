/** Shapes the admin API answers with (admin.md §3, §7). Money is integer cents. */
import type { ProductStatus } from '../../db/schema.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import type { OrderStatus } from '../orders/order-status.ts';

export interface AdminMe {
  isLoggedIn: boolean;
  email?: string;
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
}

export interface AdminOrderHistoryEntry {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: string;
  note: string;
  createdAt: number;
}

export interface AdminOrder extends AdminOrderSummary {
  items: { name: string; quantity: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  tax: number;
  deliveryAddress: string;
  deliveryTime: string;
  deliveryInstructions: string;
  history: AdminOrderHistoryEntry[];
}

/** The public product plus the admin's availability switch (D6), status (M1) and threshold (M2). */
export interface AdminProduct extends ApiProduct {
  available: boolean;
  status: ProductStatus;
  /** The 'Low stock' filter lists the product at or under this, in the base unit. */
  lowStockQuantity: number;
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
