import { formatMoney } from '../../lib/money.ts';
import type { TaxRow } from './cart.ts';

function Row({
  label,
  value,
  className = 'flex justify-between',
  valueClass,
}: {
  label: string;
  value: string;
  className?: string;
  valueClass?: string | undefined;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClass}>{value}</dd>
    </div>
  );
}

/**
 * Subtotal, delivery fee, tax and total, as the cart drawer, the checkout summary and the order
 * confirmation show them. A zero fee reads "Free" only where a fee was waived (`feeWaived`). With
 * `taxLines` each line of the state's tax has its own row, by name and rate, since a shopper is owed
 * what each tax is; without them one "Tax" row shows when there is tax, or always with
 * `showZeroTax` (the confirmation's record).
 */
export default function TotalsList({
  totals,
  feeWaived,
  showZeroTax = false,
  className,
  valueClass,
  ruleAboveTotal = true,
  taxLines,
}: {
  totals: { subtotal: number; deliveryFee: number; tax: number; total: number };
  feeWaived: boolean;
  showZeroTax?: boolean;
  className: string;
  valueClass?: string;
  ruleAboveTotal?: boolean;
  taxLines?: readonly TaxRow[] | undefined;
}) {
  return (
    <dl className={className}>
      <Row label="Subtotal" value={formatMoney(totals.subtotal)} valueClass={valueClass} />
      <Row label="Delivery Fee" value={feeWaived ? 'Free' : formatMoney(totals.deliveryFee)} valueClass={valueClass} />
      {taxLines
        ? taxLines.map((t) => (
            <Row key={t.name} label={`${t.name} (${t.percent}%)`} value={formatMoney(t.amount)} valueClass={valueClass} />
          ))
        : (showZeroTax || totals.tax > 0) && <Row label="Tax" value={formatMoney(totals.tax)} valueClass={valueClass} />}
      <Row
        label="Total"
        value={formatMoney(totals.total)}
        className={`flex justify-between text-base font-bold${ruleAboveTotal ? ' border-t border-stone-200 pt-2' : ''}`}
      />
    </dl>
  );
}
