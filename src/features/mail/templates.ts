/** E-mail texts. Plain text: readable in every client, nothing to render or sanitise. */
import { formatMoney } from '../../lib/money.ts';
import { deliveryTimeText } from '../orders/orders.ts';
import { SITE } from '../site/settings.ts';

export interface ConfirmationOrder {
  ref: string;
  firstName: string;
  deliveryTime: string;
  /** The booked window (D36), epoch ms; null for an order placed before windows were data. */
  windowStart: number | null;
  windowEnd: number | null;
  address: string;
  items: { name: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  tax: number;
  total: number;
  confirmationUrl: string;
}

export function orderConfirmationEmail(o: ConfirmationOrder): { subject: string; body: string } {
  const lines = o.items.map((i) => `  ${i.quantity} x ${i.name}  ${formatMoney(i.lineTotal)}`).join('\n');
  return {
    subject: `Your ${SITE.name} order ${o.ref}`,
    body: [
      `Hi ${o.firstName},`,
      '',
      `Thank you for your order. We have received it and will deliver it to:`,
      `  ${o.address}`,
      `Delivery time: ${deliveryTimeText(o)}`,
      '',
      lines,
      '',
      `Subtotal: ${formatMoney(o.subtotal)}`,
      `Delivery fee: ${o.deliveryFee === 0 ? 'Free' : formatMoney(o.deliveryFee)}`,
      `Tax: ${formatMoney(o.tax)}`,
      `Total: ${formatMoney(o.total)}`,
      '',
      `Payment: ${SITE.payment}. Please have your ID ready: our driver checks that you are ${SITE.minimumAge} or older.`,
      `Your order: ${o.confirmationUrl}`,
      '',
      `Questions? Call ${SITE.phone} or write to ${SITE.email}.`,
      SITE.name,
    ].join('\n'),
  };
}

const STATUS_LINES: Record<string, string> = {
  processing: 'We are preparing your order.',
  confirmed: 'Your order is confirmed.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. Enjoy, and thank you!',
  cancelled: 'Your order has been cancelled. Nothing is due.',
};

export function orderStatusEmail(o: { ref: string; firstName: string; status: string; note: string; confirmationUrl: string }): {
  subject: string;
  body: string;
} {
  return {
    subject: `Your ${SITE.name} order ${o.ref} is ${o.status}`,
    body: [
      `Hi ${o.firstName},`,
      '',
      STATUS_LINES[o.status] ?? `Your order is now ${o.status}.`,
      ...(o.note ? ['', o.note] : []),
      '',
      `Your order: ${o.confirmationUrl}`,
      `Questions? Call ${SITE.phone} or write to ${SITE.email}.`,
      SITE.name,
    ].join('\n'),
  };
}
