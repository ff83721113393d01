import { useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import {
  ChoiceField,
  DataTable,
  EmptyNote,
  LoadedView,
  primaryButton,
  secondaryButton,
  smallButton,
  TextAreaField,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage, formatDateTime, ORDER_SEARCH_DEBOUNCE_MS, statusLabel } from '../../components/admin/admin-ui.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../db/order-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { nyDate } from '../delivery/windows.ts';
import { patientExpiryText } from '../orders/registry.ts';
import { type OrdersQuery, StatusChange } from './admin.schema.ts';
import type { AdminOrder, AdminOrderSummary } from './admin.ts';
import OrderDialog from './OrderDialog.tsx';

const SORTS: { value: OrdersQuery['sort']; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/**
 * The summary fields of an order the server answered with, for its row. The registry number stays
 * masked in the list (D39): only the order's own view shows it whole.
 */
const toSummary = ({ ref, status, createdAt, customer, total, itemCount, patient, items }: AdminOrder): AdminOrderSummary => ({
  ref,
  status,
  createdAt,
  customer,
  total,
  itemCount,
  patient: patient && { registryMasked: patient.registryMasked, expiresOn: patient.expiresOn },
  items: items.map(({ name, quantity, traced, packages }) => ({ name, quantity, traced, packages })),
});

/** Orders (admin.md §2, §9): search, status filter, sort, status buttons, the order's details. */
export default function OrdersTab() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrdersQuery['status']>('all');
  const [sort, setSort] = useState<OrdersQuery['sort']>('newest');
  const [change, setChange] = useState<{ order: AdminOrderSummary; to: OrderStatus } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const baseId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), ORDER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { state, reload, update } = useAdminData(
    () => adminApi.orders({ q, status, sort }),
    'Failed to load orders',
    `${q}|${status}|${sort}`,
  );

  // A registration is current through its expiry date, a New York date (D39).
  const today = nyDate(Date.now());

  const onUpdated = (order: AdminOrder) => {
    update((data) => ({ orders: data.orders.map((o) => (o.ref === order.ref ? toSummary(order) : o)) }));
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${baseId}-title`} className="text-xl font-bold">
          Orders
        </h2>
        <button type="button" className={smallButton} onClick={reload}>
          Refresh
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <TextField
          id={`${baseId}-search`}
          label="Search orders"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Order number, name, e-mail or phone"
        />
        <ChoiceField
          id={`${baseId}-status`}
          label="Status"
          value={status}
          onChoose={(value) => setStatus(value as OrdersQuery['status'])}
          first={{ value: 'all', label: 'All' }}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <ChoiceField
          id={`${baseId}-sort`}
          label="Sort"
          value={sort}
          onChoose={(value) => setSort(value as OrdersQuery['sort'])}
          options={SORTS}
        />
      </div>

      <LoadedView state={state} loading="Loading orders…" failed="Failed to load orders" onRetry={reload}>
        {(data) => (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {data.orders.length === 1 ? '1 order' : `${data.orders.length} orders`}
            </p>
            {data.orders.length === 0 ? (
              <EmptyNote>{q || status !== 'all' ? 'No orders match your search.' : 'No orders yet.'}</EmptyNote>
            ) : (
              <DataTable
                caption="Orders"
                className="w-full min-w-[60rem] text-sm"
                columns={[
                  'Order',
                  'Date',
                  'Customer',
                  { label: 'Items', right: true },
                  { label: 'Total', right: true },
                  'Status',
                  { label: 'Details', srOnly: true },
                ]}
              >
                {data.orders.map((order) => (
                  <tr key={order.ref}>
                    <th scope="row" className={`${td} text-left font-mono text-xs font-normal`}>
                      {order.ref}
                    </th>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
                    <td className={td}>
                      <span className="block font-semibold">
                        {order.customer.firstName} {order.customer.lastName}
                      </span>
                      <span className="block break-words">{order.customer.email}</span>
                      <span className="block whitespace-nowrap text-muted">{order.customer.phone}</span>
                      {order.patient && (
                        <span className="block whitespace-nowrap text-muted">
                          Registry <span className="font-mono">{order.patient.registryMasked}</span>
                          <span className="sr-only"> (last 4 shown)</span>,{' '}
                          {patientExpiryText(order.patient.expiresOn, today).toLowerCase()}
                        </span>
                      )}
                    </td>
                    <td className={`${td} text-right`}>{order.itemCount}</td>
                    <td className={`${td} text-right font-semibold`}>{formatMoney(order.total)}</td>
                    <td className={td}>
                      <fieldset className="flex min-w-[27.5rem] flex-wrap gap-1">
                        <legend className="sr-only">Status of order {order.ref}</legend>
                        {ORDER_STATUSES.map((s) => {
                          const current = order.status === s;
                          // D34: delivered is recorded at the door, with the ID check, from Deliveries.
                          const atTheDoor = s === 'delivered' && !current;
                          return (
                            <button
                              key={s}
                              type="button"
                              aria-pressed={current}
                              disabled={atTheDoor}
                              title={atTheDoor ? 'Mark an order delivered from Deliveries, with the ID check at the door' : undefined}
                              onClick={() => {
                                if (!current) setChange({ order, to: s });
                              }}
                              className={`rounded-md border px-2 py-1 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${
                                current
                                  ? 'border-brand-700 bg-brand-700 text-white'
                                  : 'border-stone-300 bg-white text-ink hover:bg-stone-100'
                              }`}
                            >
                              {statusLabel(s)}
                            </button>
                          );
                        })}
                      </fieldset>
                    </td>
                    <td className={td}>
                      <button type="button" className={smallButton} onClick={() => setViewing(order.ref)}>
                        View<span className="sr-only"> order {order.ref}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </LoadedView>

      <StatusDialog change={change} onClose={() => setChange(null)} onUpdated={onUpdated} />
      <OrderDialog orderRef={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

/** Asks for an optional note before changing an order's status (D17 records who, when and why). */
function StatusDialog({
  change,
  onClose,
  onUpdated,
}: {
  change: { order: AdminOrderSummary; to: OrderStatus } | null;
  onClose: () => void;
  onUpdated: (order: AdminOrder) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;

  // Each change starts with an empty note.
  const key = change ? `${change.order.ref}:${change.to}` : '';
  useEffect(() => {
    if (key) {
      setNote('');
      setError(undefined);
      setBusy(false);
    }
  }, [key]);

  const confirm = async () => {
    if (!change || busy) return;
    const parsed = v.safeParse(StatusChange, { status: change.to, note });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      const order = await adminApi.setStatus(change.order.ref, parsed.output);
      onUpdated(order);
      showToast({ title: 'Order updated', description: `Order ${change.order.ref} is now ${statusLabel(order.status)}.` });
      onClose();
    } catch (err) {
      setBusy(false);
      sessionEnded(err);
      showToast({ title: 'Update failed', description: errorMessage(err, 'Failed to update order status'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={change != null} onClose={onClose} labelledBy={titleId} className="sm:max-w-lg">
      {change && (
        <form
          method="post"
          className="flex flex-col gap-4 p-6"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <h2 id={titleId} className="text-xl font-bold">
            Change status to {statusLabel(change.to)}
          </h2>
          <p className="text-sm text-muted">
            Order <span className="font-mono">{change.order.ref}</span> for {change.order.customer.firstName}{' '}
            {change.order.customer.lastName} is {statusLabel(change.order.status)}. The change is recorded with your name and the time.
          </p>
          <TextAreaField
            id={`${baseId}-note`}
            label="Note (optional)"
            error={error}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError(undefined);
            }}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Updating...' : 'Update status'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
