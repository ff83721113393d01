import { type ReactNode, useEffect, useId, useState } from 'react';
import { LoadError, Loading, OrderStatusBadge, secondaryButton } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage, formatDateTime, statusLabel } from '../../components/admin/admin-ui.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { formatMoney } from '../../lib/money.ts';
import { nyDate } from '../delivery/windows.ts';
import { orderZoneText } from '../orders/orders.ts';
import { patientExpiryText } from '../orders/registry.ts';
import { DELIVERY_WINDOWS } from '../site/settings.ts';
import type { AdminOrder } from './admin.ts';

type State = { status: 'loading' } | { status: 'ready'; order: AdminOrder } | { status: 'error'; message: string };

const deliveryWindow = (value: string) => {
  const w = DELIVERY_WINDOWS.find((d) => d.value === value);
  return w ? `${w.label} (${w.detail})` : value;
};

/**
 * One order in full: lines, money with each tax line (D38), delivery, contact, the patient's
 * registration where the state sells to patients only (D39), and its status history (D17).
 */
export default function OrderDialog({ orderRef, onClose }: { orderRef: string | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the retry.
  useEffect(() => {
    if (!orderRef) return;
    let current = true;
    setState({ status: 'loading' });
    adminApi.order(orderRef).then(
      (order) => {
        if (current) setState({ status: 'ready', order });
      },
      (err: unknown) => {
        if (!current || sessionEnded(err)) return;
        setState({ status: 'error', message: errorMessage(err, 'Failed to load the order') });
      },
    );
    return () => {
      current = false;
    };
  }, [orderRef, nonce]);

  return (
    <Dialog open={orderRef != null} onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] overflow-y-auto">
      <div className="flex flex-col gap-5 p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-xl font-bold">
              Order <span className="break-all font-mono">{orderRef}</span>
            </h2>
            {state.status === 'ready' && (
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                <span>Placed {formatDateTime(state.order.createdAt)}</span>
                <OrderStatusBadge status={state.order.status} />
              </p>
            )}
          </div>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Close
          </button>
        </div>

        {state.status === 'loading' && <Loading label="Loading the order…" />}
        {state.status === 'error' && (
          <LoadError title="Failed to load the order" message={state.message} onRetry={() => setNonce((n) => n + 1)} />
        )}
        {state.status === 'ready' && <OrderDetails order={state.order} />}
      </div>
    </Dialog>
  );
}

function OrderDetails({ order }: { order: AdminOrder }) {
  const { customer } = order;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Block title="Customer">
          <p className="font-semibold">
            {customer.firstName} {customer.lastName}
          </p>
          <p>
            <a className="break-all text-brand-800 underline" href={`mailto:${customer.email}`}>
              {customer.email}
            </a>
          </p>
          <p>
            <a className="text-brand-800 underline" href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>
              {customer.phone}
            </a>
          </p>
        </Block>
        <Block title="Delivery">
          <p>{order.deliveryAddress}</p>
          <p>
            <span className="font-semibold">Time:</span> {deliveryWindow(order.deliveryTime)}
          </p>
          <p>
            <span className="font-semibold">Instructions:</span> {order.deliveryInstructions || 'None'}
          </p>
          <p>
            <span className="font-semibold">Zone:</span> {orderZoneText(order.zone)}
          </p>
        </Block>
        {order.patient && (
          <Block title="Patient registration">
            {/* Whole here, unlike the list: staff read it against the card (D39). */}
            <p>
              <span className="font-semibold">Registry number:</span> <span className="font-mono">{order.patient.registryId}</span>
            </p>
            <p>{patientExpiryText(order.patient.expiresOn, nyDate(Date.now()))}</p>
          </Block>
        )}
      </div>

      <Block title="Items">
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-left text-muted">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Line total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {order.items.map((item, i) => (
                // Two lines can share a name (a product bought twice at different prices).
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the dialog's life.
                <tr key={i}>
                  <td className="py-2 pr-3">
                    {item.name}
                    <LinePackages line={item} />
                  </td>
                  <td className="py-2 pr-3 text-right">{item.quantity}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(item.unitPrice)}</td>
                  <td className="py-2 text-right">{formatMoney(item.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto mt-3 w-full max-w-xs space-y-1 text-sm">
          <Row label="Subtotal" value={formatMoney(order.subtotal)} />
          <Row label="Delivery fee" value={order.deliveryFee === 0 ? 'Free' : formatMoney(order.deliveryFee)} />
          {order.taxLines.length > 0 ? (
            order.taxLines.map((t) => (
              <Row key={`${t.name}/${t.percent}`} label={`${t.name} (${t.percent}%)`} value={formatMoney(t.amount)} />
            ))
          ) : (
            // The record says so when no tax applied, rather than leave staff wondering.
            <Row label="Tax" value={order.tax === 0 ? 'None' : formatMoney(order.tax)} />
          )}
          <div className="flex justify-between border-t border-stone-200 pt-1 text-base font-bold">
            <dt>Total</dt>
            <dd>{formatMoney(order.total)}</dd>
          </div>
        </dl>
      </Block>

      <Block title="Status history">
        {order.history.length === 0 ? (
          <p className="text-sm text-muted">No status changes recorded.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm" aria-label="Status history">
            {order.history.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at the end.
              <li key={i} className="rounded-lg border border-stone-200 p-3">
                <p className="font-semibold">
                  {h.fromStatus ? (
                    <>
                      {statusLabel(h.fromStatus)} <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span> {statusLabel(h.toStatus)}
                    </>
                  ) : (
                    <>Placed as {statusLabel(h.toStatus)}</>
                  )}
                </p>
                <p className="text-muted">
                  {h.actor} · {formatDateTime(h.createdAt)}
                </p>
                {h.note && <p className="mt-1 whitespace-pre-wrap">{h.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </Block>
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 p-4">
      <h3 className="mb-2 font-semibold">{title}</h3>
      <div className="flex flex-col gap-1 text-sm">{children}</div>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * D40: the packages a line went out in, by Metrc tag; an untagged one of a traced line says it
 * waits for a tag (accessories carry none).
 */
function LinePackages({ line }: { line: AdminOrder['items'][number] }) {
  const { packages, traced } = line;
  if (packages.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-muted" aria-label="Packages">
      {packages.map((p) => (
        <li key={`${p.tag ?? 'untagged'}/${p.quantity}`}>
          {p.tag ? (
            <span className="font-mono">{p.tag}</span>
          ) : traced ? (
            <span className="font-semibold text-amber-800">Needs a tag</span>
          ) : (
            'Not tracked in Metrc'
          )}
          {` · ${p.quantity} ${p.unit === 'g' ? 'g' : p.quantity === 1 ? 'piece' : 'pieces'}`}
        </li>
      ))}
    </ul>
  );
}
