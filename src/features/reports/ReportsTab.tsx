import { type ReactNode, type SubmitEvent, useId, useState } from 'react';
import { EmptyNote, HeadRow, LoadError, Loading, primaryButton, TableBox, TextField, td } from '../../components/admin/AdminKit.tsx';
import { $adminSession, useAdminData } from '../../components/admin/AdminSession.tsx';
import { textBinder } from '../../components/admin/use-edit-form.ts';
import BarChart from '../../components/ui/charts/BarChart.tsx';
import HeatGrid from '../../components/ui/charts/HeatGrid.tsx';
import SeriesChart from '../../components/ui/charts/SeriesChart.tsx';
import { grouped } from '../../components/ui/charts/scale.ts';
import { formatMoney } from '../../lib/money.ts';
import { useStore } from '../../lib/use-store.ts';
import { nyDate } from '../delivery/windows.ts';
import { stateName } from '../site/settings.ts';
import { mayOpen } from '../staff/roles.ts';
import DailySummarySettings from './DailySummarySettings.tsx';
import { reportCsvHref, reportsApi } from './reports.api.ts';
import {
  NO_ORDERS_MESSAGE,
  type ProductSales,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  REFUSAL_LABELS,
  REPORT_NAMES,
  REPORT_TITLES,
  type ReasonCount,
  type ReportAnswers,
  type ReportName,
  type ReportRange,
  type TaxCollected,
} from './reports.ts';
import { checkCustomRange, dayLabel, type RangeErrors, rangeLabel, shortDate, windowsGrid } from './reports-ui.ts';
import { InventoryView, ReconciliationView } from './StockReports.tsx';

/** Where the daily summary's switch lives: the tab shows it only to a role the server lets in. */
const SETTINGS_PATH = '/api/admin/report-settings';
const FIRST_PRESET: RangePreset = '7';

/** Counts with thousands separators, as the money beside them has. */
const count = grouped;
/** Axis steps are round amounts: '$250,000', not '$250,000.00'. */
const moneyTick = (cents: number) => formatMoney(cents).replace(/\.00$/, '');

/**
 * The Reports tab (R1-R9): sales, delivery windows, zones, products and refused checkouts over a
 * range of New York dates, each as charts with their tables and a CSV; inventory by package and the
 * daily stock reconciliation as tables with a CSV; and, for admins, the daily summary e-mail's switch.
 */
export default function ReportsTab() {
  const session = useStore($adminSession);
  const role = session.status === 'signedIn' ? session.role : 'dispatcher';
  const [range, setRange] = useState<ReportRange>(() => presetRange(FIRST_PRESET, nyDate(Date.now())));
  const baseId = useId();

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex min-w-0 flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div>
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Reports
          </h2>
          <p className="text-sm text-muted">Days are New York calendar days. Totals leave out cancelled orders.</p>
        </div>
        <RangePicker onChange={setRange} />
        <p className="font-semibold" aria-live="polite">
          Showing {rangeLabel(range)}
        </p>
      </div>
      {REPORT_NAMES.map((name) => (
        <ReportSection key={name} name={name} range={range} />
      ))}
      {mayOpen(role, SETTINGS_PATH) && <DailySummarySettings />}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The range
// ---------------------------------------------------------------------------------------------

function RangePicker({ onChange }: { onChange: (range: ReportRange) => void }) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const [choice, setChoice] = useState<RangePreset | 'custom'>(FIRST_PRESET);
  const [custom, setCustom] = useState(() => presetRange(FIRST_PRESET, nyDate(Date.now())));
  const [errors, setErrors] = useState<RangeErrors>({});

  const choose = (next: RangePreset | 'custom') => {
    setChoice(next);
    // Today is asked for at each choice, so a tab left open overnight moves on with the calendar.
    if (next !== 'custom') onChange(presetRange(next, nyDate(Date.now())));
  };
  const setField = (field: 'from' | 'to', value: string) => {
    setCustom((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };
  const text = textBinder(custom, errors, setField, id);
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const checked = checkCustomRange(custom.from, custom.to);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(id(checked.errors.from ? 'from' : 'to'))?.focus();
      return;
    }
    setErrors({});
    onChange(checked.range);
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-semibold">Period</legend>
        {[...RANGE_PRESETS, { id: 'custom' as const, label: 'Custom' }].map((p) => (
          <label
            key={p.id}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
          >
            <input
              type="radio"
              name={id('period')}
              value={p.id}
              checked={choice === p.id}
              onChange={() => choose(p.id)}
              className="h-4 w-4 accent-brand-700"
            />
            {p.label}
          </label>
        ))}
      </fieldset>
      {choice === 'custom' && (
        <form method="post" noValidate onSubmit={onSubmit} className="grid items-start gap-3 sm:grid-cols-[12rem_12rem_auto]">
          <TextField {...text('from')} label="From (New York date)" type="date" />
          <TextField {...text('to')} label="To (New York date)" type="date" />
          <button type="submit" className={`${primaryButton} sm:mt-6 sm:justify-self-start`}>
            Show this period
          </button>
        </form>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// One report
// ---------------------------------------------------------------------------------------------

const sameRange = (a: ReportRange, b: ReportRange) => a.from === b.from && a.to === b.to;

function ReportSection<N extends ReportName>({ name, range }: { name: N; range: ReportRange }) {
  const title = REPORT_TITLES[name];
  const baseId = useId();
  const { state, reload } = useAdminData(
    () => reportsApi.report(name, range),
    `Failed to load the ${title.toLowerCase()} report`,
    `${range.from}:${range.to}`,
  );
  // An answer for the range shown before the latest choice is no answer to show.
  const current = state.status === 'ready' && sameRange(state.data.range, range) ? state.data : null;

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex min-w-0 flex-col gap-4 border-t border-stone-200 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${baseId}-title`} className="text-lg font-bold">
          {title}
        </h3>
        <a
          href={reportCsvHref(name, range)}
          download
          className="inline-flex items-center rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-stone-100"
        >
          Download CSV<span className="sr-only">: {title}</span>
        </a>
      </div>
      {state.status === 'error' ? (
        <LoadError title={`Failed to load the ${title.toLowerCase()} report`} message={state.message} onRetry={reload} />
      ) : current ? (
        <Report name={name} data={current} />
      ) : (
        <Loading label={`Loading the ${title.toLowerCase()} report…`} />
      )}
    </section>
  );
}

function Report<N extends ReportName>({ name, data }: { name: N; data: ReportAnswers[N] }) {
  // The switch narrows `data` by `name`; TypeScript cannot follow a generic there, so each case says it.
  switch (name) {
    case 'sales':
      return <Sales report={data as ReportAnswers['sales']} />;
    case 'windows':
      return <Windows report={data as ReportAnswers['windows']} />;
    case 'zones':
      return <Zones report={data as ReportAnswers['zones']} />;
    case 'products':
      return <Products report={data as ReportAnswers['products']} />;
    case 'inventory':
      return <InventoryView report={data as ReportAnswers['inventory']} />;
    case 'reconciliation':
      return <ReconciliationView report={data as ReportAnswers['reconciliation']} />;
    default:
      return <Refusals report={data as ReportAnswers['refusals']} />;
  }
}

function NoOrders() {
  return <EmptyNote>{NO_ORDERS_MESSAGE}</EmptyNote>;
}

function ChartGrid({ children }: { children: ReactNode }) {
  return <div className="grid min-w-0 gap-4 lg:grid-cols-2">{children}</div>;
}

// ---------------------------------------------------------------------------------------------
// Sales (R2)
// ---------------------------------------------------------------------------------------------

function Sales({ report }: { report: ReportAnswers['sales'] }) {
  if (report.totals.orders + report.cancelled.count + report.failed.count === 0) return <NoOrders />;
  const days = report.days;
  const period = rangeLabel(report.range);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[
          ['Revenue', formatMoney(report.totals.revenueCents)],
          ['Orders', count(report.totals.orders)],
          ['Average order', formatMoney(report.totals.averageCents)],
          // D38: the part of the revenue collected for the states, a figure of its own.
          ['Tax collected', formatMoney(report.totals.taxCents)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-stone-200 bg-white p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ChartGrid>
        <SeriesChart
          title="Revenue per day"
          description={`Revenue of the orders placed each day, not cancelled, tax included, ${period}.`}
          kind="columns"
          points={days.map((d) => ({ label: dayLabel(d.date), short: shortDate(d.date), value: d.revenueCents }))}
          format={formatMoney}
          tickFormat={moneyTick}
          labelHeading="Day"
          valueHeading="Revenue"
          // The day's tax beside its revenue: the table is where the owner reads a day's figures.
          table={{
            columns: ['Day', 'Revenue', 'Tax'],
            rows: days.map((d) => ({ key: d.date, cells: [dayLabel(d.date), formatMoney(d.revenueCents), formatMoney(d.taxCents)] })),
          }}
        />
        <SeriesChart
          title="Orders per day"
          description={`Orders placed each day, not cancelled, ${period}.`}
          kind="line"
          integer
          points={days.map((d) => ({ label: dayLabel(d.date), short: shortDate(d.date), value: d.orders }))}
          format={count}
          labelHeading="Day"
          valueHeading="Orders"
        />
      </ChartGrid>
      {report.taxes.length > 0 && <TaxTable taxes={report.taxes} total={report.totals.taxCents} />}
      <ChartGrid>
        <ReasonTable
          title="Cancellations"
          total={report.cancelled.count}
          reasons={report.cancelled.reasons}
          none="No orders were cancelled."
        />
        <ReasonTable title="Failed deliveries" total={report.failed.count} reasons={report.failed.reasons} none="No delivery failed." />
      </ChartGrid>
    </div>
  );
}

/** D38: the tax collected by state and tax line, each rate apart, as the states' returns ask for it. */
function TaxTable({ taxes, total }: { taxes: readonly TaxCollected[]; total: number }) {
  const baseId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h4 id={`${baseId}-title`} className="font-semibold">
        Tax collected by state: <span className="tabular-nums">{formatMoney(total)}</span>
      </h4>
      <TableBox>
        <table className="w-full text-sm" aria-labelledby={`${baseId}-title`}>
          <HeadRow columns={['State', 'Tax', 'Orders', 'Amount']} />
          <tbody className="divide-y divide-stone-200">
            {taxes.map((t) => (
              <tr key={`${t.state}/${t.name}/${t.percent}`}>
                <th scope="row" className={`${td} text-left font-normal`}>
                  {stateName(t.state)}
                </th>
                <td className={td}>
                  {t.name} ({t.percent}%)
                </td>
                <td className={`${td} tabular-nums`}>{count(t.orders)}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{formatMoney(t.taxCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}

function ReasonTable({ title, total, reasons, none }: { title: string; total: number; reasons: readonly ReasonCount[]; none: string }) {
  const baseId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h4 id={`${baseId}-title`} className="font-semibold">
        {title}: <span className="tabular-nums">{count(total)}</span>
      </h4>
      {total === 0 ? (
        <p className="text-sm text-muted">{none}</p>
      ) : (
        <TableBox>
          <table className="w-full text-sm" aria-labelledby={`${baseId}-title`}>
            <HeadRow columns={['Reason', 'Orders']} />
            <tbody className="divide-y divide-stone-200">
              {reasons.map((r) => (
                <tr key={r.reason}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {r.reason || 'No reason given'}
                  </th>
                  <td className={`${td} tabular-nums`}>{count(r.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Delivery windows (R3)
// ---------------------------------------------------------------------------------------------

function Windows({ report }: { report: ReportAnswers['windows'] }) {
  if (report.totals.orders === 0) return <NoOrders />;
  const grid = windowsGrid(report);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-semibold tabular-nums">{count(report.totals.orders)}</span> orders booked of{' '}
        <span className="font-semibold tabular-nums">{count(report.totals.capacity)}</span> places offered.
      </p>
      <HeatGrid
        title="Orders per delivery window"
        description={`Orders booked against the places each window offered, by weekday, ${rangeLabel(report.range)}. New York times.`}
        rows={grid.rows}
        columns={grid.columns}
        cells={grid.cells}
        cellText={(orders, places) => `${orders} of ${places} places (${places > 0 ? Math.round((orders / places) * 100) : 0}%)`}
        emptyText="No window"
        cornerHeading="Weekday"
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Zones and states (R4)
// ---------------------------------------------------------------------------------------------

function Zones({ report }: { report: ReportAnswers['zones'] }) {
  if (report.zones.every((z) => z.orders === 0)) return <NoOrders />;
  const period = rangeLabel(report.range);
  const zones = report.zones.map((z) => ({ ...z, label: z.zone }));
  const states = report.states.map((s) => ({ ...s, label: stateName(s.state) }));
  return (
    <ChartGrid>
      <BarChart
        title="Revenue by zone"
        description={`Revenue of orders not cancelled, by the delivery zone of their ZIP code, ${period}.`}
        data={zones.map((z) => ({ label: z.label, value: z.revenueCents }))}
        format={formatMoney}
        tickFormat={moneyTick}
        labelHeading="Zone"
        valueHeading="Revenue"
      />
      <BarChart
        title="Orders by zone"
        description={`Orders not cancelled, by the delivery zone of their ZIP code, ${period}.`}
        data={zones.map((z) => ({ label: z.label, value: z.orders }))}
        format={count}
        integer
        labelHeading="Zone"
        valueHeading="Orders"
      />
      <BarChart
        title="Revenue by state"
        description={`Revenue of orders not cancelled, tax included, by the state delivered to, ${period}.`}
        data={states.map((s) => ({ label: s.label, value: s.revenueCents }))}
        format={formatMoney}
        tickFormat={moneyTick}
        labelHeading="State"
        valueHeading="Revenue"
        // D38: each state's tax beside its revenue, collected under that state's law.
        table={{
          columns: ['State', 'Revenue', 'Tax'],
          rows: states.map((s) => ({ key: s.state, cells: [s.label, formatMoney(s.revenueCents), formatMoney(s.taxCents)] })),
        }}
      />
      <BarChart
        title="Orders by state"
        description={`Orders not cancelled, by the state delivered to, ${period}.`}
        data={states.map((s) => ({ label: s.label, value: s.orders }))}
        format={count}
        integer
        labelHeading="State"
        valueHeading="Orders"
      />
    </ChartGrid>
  );
}

// ---------------------------------------------------------------------------------------------
// Products and categories (R5)
// ---------------------------------------------------------------------------------------------

function Products({ report }: { report: ReportAnswers['products'] }) {
  if (report.top.length === 0) return <NoOrders />;
  return (
    <div className="flex flex-col gap-4">
      <ChartGrid>
        <ProductTable title="Best sellers" products={report.top} />
        <ProductTable title="Slowest sellers" products={report.bottom} />
      </ChartGrid>
      <BarChart
        title="Revenue by category"
        description={`Revenue of the items in orders not cancelled, by category, ${rangeLabel(report.range)}.`}
        data={report.categories.map((c) => ({ label: c.name, value: c.revenueCents }))}
        format={formatMoney}
        tickFormat={moneyTick}
        labelHeading="Category"
        valueHeading="Revenue"
        table={{
          columns: ['Category', 'Units', 'Revenue'],
          rows: report.categories.map((c) => ({ key: String(c.categoryId), cells: [c.name, count(c.units), formatMoney(c.revenueCents)] })),
        }}
      />
    </div>
  );
}

function ProductTable({ title, products }: { title: string; products: readonly ProductSales[] }) {
  const baseId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h4 id={`${baseId}-title`} className="font-semibold">
        {title}
      </h4>
      <TableBox>
        <table className="w-full text-sm" aria-labelledby={`${baseId}-title`}>
          <HeadRow columns={['Product', 'Category', 'Units', 'Revenue']} />
          <tbody className="divide-y divide-stone-200">
            {products.map((p) => (
              <tr key={p.productId}>
                <th scope="row" className={`${td} text-left font-semibold`}>
                  {p.name}
                </th>
                <td className={td}>{p.category}</td>
                <td className={`${td} tabular-nums`}>{p.units}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{formatMoney(p.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Checkouts refused (R6)
// ---------------------------------------------------------------------------------------------

function Refusals({ report }: { report: ReportAnswers['refusals'] }) {
  if (report.total === 0) {
    return <EmptyNote>No checkout was refused in this period.</EmptyNote>;
  }
  return (
    <BarChart
      title="Checkouts refused by cause"
      description={`${report.total === 1 ? '1 checkout' : `${report.total} checkouts`} the shop refused, by cause, ${rangeLabel(report.range)}.`}
      data={report.causes.map((c) => ({ label: REFUSAL_LABELS[c.cause], value: c.count }))}
      format={count}
      integer
      labelHeading="Cause"
      valueHeading="Checkouts"
    />
  );
}
