import { EmptyNote, HeadRow, TableBox, td } from '../../components/admin/AdminKit.tsx';
import type { PackageUnit } from '../../db/inventory-values.ts';
import { formatPackageQuantity } from '../inventory/package-view.ts';
import { dayLabel, rangeLabel } from './reports-ui.ts';
import {
  type InventoryReport,
  inventorySummary,
  NEEDS_A_TAG,
  type ReconciliationReport,
  reconciliationSummary,
  STOCK_CHECK_LABELS,
} from './stock-reports.ts';

const caption = 'px-3 pt-3 pb-1 text-left font-semibold';
const num = `${td} whitespace-nowrap text-right tabular-nums`;

/** '3.5 g', '12 pieces', '-1 piece'; with `signed`, a gain shows its sign too: '+2 g'. */
function amount(quantity: number, unit: PackageUnit, signed = false): string {
  const text = formatPackageQuantity(Math.abs(quantity), unit);
  if (quantity < 0) return `-${text}`;
  return signed && quantity > 0 ? `+${text}` : text;
}

/** The summary above a stock report, read out when it changes. */
function Summary({ ok, children }: { ok: boolean; children: string }) {
  return (
    <p
      role="status"
      className={`rounded-xl border p-3 text-sm font-semibold ${ok ? 'border-brand-200 bg-brand-50' : 'border-red-300 bg-red-50 text-red-900'}`}
    >
      {children}
    </p>
  );
}

const AMOUNT_COLUMNS = [
  { label: 'Opening', right: true },
  { label: 'Received', right: true },
  { label: 'Sold', right: true },
  { label: 'Adjusted', right: true },
  { label: 'Closing', right: true },
  { label: 'On hand now', right: true },
] as const;

/**
 * R8: each package's moves over the range, in its own unit, with the totals of each unit. The
 * table is the report; there is no chart to describe.
 */
export function InventoryView({ report }: { report: InventoryReport }) {
  if (report.packages.length === 0) return <EmptyNote>No package held or moved stock in this period.</EmptyNote>;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Summary ok={report.disagreements === 0}>{inventorySummary(report)}</Summary>
      <TableBox>
        <table className="w-full text-sm">
          <caption className={caption}>Packages, {rangeLabel(report.range)}</caption>
          <HeadRow columns={['Tag', 'Product', 'Batch', ...AMOUNT_COLUMNS, 'Status']} />
          <tbody className="divide-y divide-stone-200">
            {report.packages.map((p) => (
              <tr key={p.packageId}>
                <th scope="row" className={`${td} text-left font-mono text-xs font-normal`}>
                  {p.tag ?? <span className="font-sans font-semibold text-amber-800">{NEEDS_A_TAG}</span>}
                  <span className="sr-only"> (package #{p.packageId})</span>
                </th>
                <td className={td}>{p.product}</td>
                <td className={td}>{p.batch}</td>
                <td className={num}>{amount(p.opening, p.unit)}</td>
                <td className={num}>{amount(p.received, p.unit)}</td>
                <td className={num}>{amount(p.sold, p.unit)}</td>
                <td className={num}>{amount(p.adjusted, p.unit, true)}</td>
                <td className={num}>{amount(p.closing, p.unit)}</td>
                <td className={num}>{amount(p.onHand, p.unit)}</td>
                <td className={td}>{p.status === 'active' ? 'Active' : 'Finished'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-stone-300 font-semibold">
            {report.totals.map((t) => (
              <tr key={t.unit}>
                <th scope="row" colSpan={3} className={`${td} text-left`}>
                  Total in {t.unit === 'g' ? 'grams' : 'pieces'} ({t.packages} {t.packages === 1 ? 'package' : 'packages'})
                </th>
                <td className={num}>{amount(t.opening, t.unit)}</td>
                <td className={num}>{amount(t.received, t.unit)}</td>
                <td className={num}>{amount(t.sold, t.unit)}</td>
                <td className={num}>{amount(t.adjusted, t.unit, true)}</td>
                <td className={num}>{amount(t.closing, t.unit)}</td>
                <td className={num}>{amount(t.onHand, t.unit)}</td>
                <td className={td} />
              </tr>
            ))}
          </tfoot>
        </table>
      </TableBox>
    </div>
  );
}

/**
 * R9: whether what the orders sold each day is what the packages gave, and whether stock adds up.
 * Days with sales or moves are listed; the disagreements and the stock that does not add up follow.
 */
export function ReconciliationView({ report }: { report: ReconciliationReport }) {
  const days = report.days.filter((d) => d.products > 0);
  const period = rangeLabel(report.range);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Summary ok={report.agrees}>
        {report.agrees
          ? `${reconciliationSummary(report)}: what the orders sold each day is what the packages gave, and every product's and package's stock adds up.`
          : `${reconciliationSummary(report)}: see below.`}
      </Summary>
      {days.length === 0 ? (
        <EmptyNote>No stock was sold or moved in this period.</EmptyNote>
      ) : (
        <TableBox>
          <table className="w-full text-sm">
            <caption className={caption}>Sold by orders against moved by packages, per day, {period}</caption>
            <HeadRow columns={['Day', { label: 'Products', right: true }, 'Result']} />
            <tbody className="divide-y divide-stone-200">
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {dayLabel(d.date)}
                  </th>
                  <td className={num}>{d.products}</td>
                  <td className={td}>
                    {d.disagreements === 0
                      ? 'Agrees'
                      : `${d.disagreements} ${d.disagreements === 1 ? 'product differs' : 'products differ'}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {report.disagreements.length > 0 && (
        <TableBox>
          <table className="w-full text-sm">
            <caption className={caption}>Days and products that disagree</caption>
            <HeadRow
              columns={[
                'Day',
                'Product',
                { label: 'Sold by orders', right: true },
                { label: 'Moved by packages', right: true },
                { label: 'Difference', right: true },
                { label: 'Rows naming no order line', right: true },
              ]}
            />
            <tbody className="divide-y divide-stone-200">
              {report.disagreements.map((l) => (
                <tr key={`${l.date}/${l.productId}`}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {dayLabel(l.date)}
                  </th>
                  <td className={td}>{l.product}</td>
                  <td className={num}>{amount(l.ordered, l.unit)}</td>
                  <td className={num}>{amount(l.moved, l.unit)}</td>
                  <td className={num}>{amount(l.difference, l.unit, true)}</td>
                  <td className={num}>{l.unmatchedRows}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {report.stock.length > 0 && (
        <TableBox>
          <table className="w-full text-sm">
            <caption className={caption}>Stock that does not add up (as it stands now)</caption>
            <HeadRow
              columns={['Check', 'Product', 'Package', { label: 'Recorded', right: true }, { label: 'Sum of its parts', right: true }]}
            />
            <tbody className="divide-y divide-stone-200">
              {report.stock.map((m) => (
                <tr key={`${m.check}/${m.productId}/${m.packageId ?? ''}`}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {STOCK_CHECK_LABELS[m.check]}
                  </th>
                  <td className={td}>{m.product}</td>
                  <td className={td}>{m.packageId == null ? '' : (m.tag ?? `${NEEDS_A_TAG} (package #${m.packageId})`)}</td>
                  <td className={num}>{amount(m.recorded, m.unit)}</td>
                  <td className={num}>{amount(m.expected, m.unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <p className="text-sm text-muted">
        Sold by orders: what the orders placed each New York day and not cancelled took from stock. Moved by packages: what the ledger took
        from packages for those orders, less what cancels and failed deliveries gave back, whenever it was written.
      </p>
    </div>
  );
}
