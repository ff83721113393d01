import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import {
  DataTable,
  describedBy,
  Field,
  inputClass,
  LoadedView,
  primaryButton,
  secondaryButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { type Loaded, sessionEnded } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage, formatDateTime } from '../../components/admin/admin-ui.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import type { AuditEntry } from '../audit/audit.ts';
import { STOCK_REASON_LABELS } from '../menu/products.ts';
import { STOCK_CHANGE_REASONS, StockChange, type StockChangeReason } from './admin.schema.ts';
import type { AdminLedger, AdminProduct } from './admin.ts';
import { type CategoryOption, fieldLabel, formatFieldValue, formatStockChange, stockLabel, stockUnit } from './product-form.ts';

interface History {
  ledger: AdminLedger;
  audit: AuditEntry[];
}

const SUBMIT_LABELS: Record<StockChangeReason, string> = {
  received: 'Receive stock',
  damaged: 'Record damage',
  correction: 'Save correction',
};

/**
 * One product's stock and history (D33, M3): its ledger (every stock change: when, who, how much,
 * why, and the stock it left), the form that receives stock or records damage and corrections, and
 * its audit trail. Times are New York time.
 */
export default function ProductHistoryDialog({
  product,
  categories,
  onClose,
  onChanged,
}: {
  product: AdminProduct | null;
  categories: readonly CategoryOption[];
  onClose: () => void;
  onChanged: (product: AdminProduct) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={product != null} onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] overflow-y-auto">
      {product && (
        <History key={product.id} product={product} categories={categories} titleId={titleId} onClose={onClose} onChanged={onChanged} />
      )}
    </Dialog>
  );
}

function History({
  product,
  categories,
  titleId,
  onClose,
  onChanged,
}: {
  product: AdminProduct;
  categories: readonly CategoryOption[];
  titleId: string;
  onClose: () => void;
  onChanged: (product: AdminProduct) => void;
}) {
  const [state, setState] = useState<Loaded<History>>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  const names = new Map(categories.map((c) => [c.id, c.name]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the reload.
  useEffect(() => {
    let current = true;
    Promise.all([adminApi.ledger(product.id), adminApi.audit(product.id)]).then(
      ([ledger, audit]) => {
        if (current) setState({ status: 'ready', data: { ledger, audit: audit.entries } });
      },
      (err: unknown) => {
        if (!current || sessionEnded(err)) return;
        setState({ status: 'error', message: errorMessage(err, 'Failed to load the stock history') });
      },
    );
    return () => {
      current = false;
    };
  }, [product.id, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);

  return (
    <div className="flex flex-col gap-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-xl font-bold">
            Stock and history: {product.name}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {product.categoryName} · In stock now: <span className="font-semibold text-ink">{stockLabel(product)}</span>
          </p>
        </div>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>

      <StockForm
        product={product}
        onDone={(saved, ledger) => {
          onChanged(saved);
          setState((s) => (s.status === 'ready' ? { ...s, ledger } : s));
          // The change is in the audit trail too.
          reload();
        }}
      />

      <LoadedView state={state} loading="Loading the stock history…" failed="Failed to load the stock history" onRetry={reload}>
        {(data) => (
          <>
            <section aria-labelledby={`${titleId}-ledger`} className="flex flex-col gap-2">
              <h3 id={`${titleId}-ledger`} className="text-lg font-semibold">
                Inventory ledger
              </h3>
              {data.ledger.entries.length === 0 ? (
                <p className="text-sm text-muted">No stock has been recorded for this product.</p>
              ) : (
                <DataTable
                  caption="Inventory ledger, newest first"
                  className="w-full min-w-[40rem] text-sm"
                  columns={[
                    'When (New York)',
                    'Who',
                    { label: 'Change', right: true },
                    'Reason',
                    'Note',
                    { label: 'Stock after', right: true },
                  ]}
                >
                  {data.ledger.entries.map((e) => (
                    <tr key={e.id}>
                      <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
                      <td className={`${td} break-all`}>{e.actor}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                        {formatStockChange(e.quantity, product.category)}
                      </td>
                      <td className={td}>{STOCK_REASON_LABELS[e.reason]}</td>
                      <td className={td}>
                        {e.note}
                        {e.orderRef && !e.note.includes(e.orderRef) && <span className="block font-mono text-xs">Order {e.orderRef}</span>}
                      </td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                        {stockLabel({ category: product.category, stockQuantity: e.stockAfter })}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </section>

            <section aria-labelledby={`${titleId}-audit`} className="flex flex-col gap-2">
              <h3 id={`${titleId}-audit`} className="text-lg font-semibold">
                Change history
              </h3>
              {data.audit.length === 0 ? (
                <p className="text-sm text-muted">No changes have been recorded for this product.</p>
              ) : (
                <DataTable
                  caption="Change history, newest first"
                  className="w-full min-w-[40rem] text-sm"
                  columns={['When (New York)', 'Who', 'Field', 'From', 'To']}
                >
                  {data.audit.map((a) => (
                    <tr key={a.id}>
                      <td className={`${td} whitespace-nowrap`}>{formatDateTime(a.createdAt)}</td>
                      <td className={`${td} break-all`}>{a.actor}</td>
                      <td className={td}>{fieldLabel(a.field)}</td>
                      <td className={`${td} break-words`}>{formatFieldValue(a.field, a.fromValue, names)}</td>
                      <td className={`${td} break-words`}>{formatFieldValue(a.field, a.toValue, names)}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </section>
          </>
        )}
      </LoadedView>
    </div>
  );
}

/** Receive stock (or record damage, or correct the count): quantity in the base unit, and a note. */
function StockForm({ product, onDone }: { product: AdminProduct; onDone: (product: AdminProduct, ledger: AdminLedger) => void }) {
  const baseId = useId();
  const [reason, setReason] = useState<StockChangeReason>('received');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const unit = stockUnit(product.category) === 'g' ? 'grams' : 'units';
  const id = (name: string) => `${baseId}-${name}`;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(StockChange, { quantity: quantity.trim() === '' ? Number.NaN : Number(quantity), reason, note });
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.issues));
      document.getElementById(id(Object.keys(issuesToFields(parsed.issues))[0] ?? 'quantity'))?.focus();
      return;
    }
    setBusy(true);
    try {
      const { product: saved, ledger } = await adminApi.changeStock(product.id, parsed.output);
      onDone(saved, ledger);
      setQuantity('');
      setNote('');
      setErrors({});
      showToast({ title: 'Stock updated', description: `${saved.name}: ${stockLabel(saved)} in stock.` });
    } catch (err) {
      if (!sessionEnded(err)) {
        if (err instanceof ApiError) setErrors(err.fields);
        showToast({ title: 'Failed to update stock', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={id('title')}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
    >
      <h3 id={id('title')} className="text-lg font-semibold">
        Receive stock
      </h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_10rem_1fr]">
        <Field id={id('reason')} label="Reason" error={errors.reason}>
          <select
            id={id('reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as StockChangeReason)}
            {...describedBy(id('reason'), errors.reason)}
            className={inputClass(!!errors.reason)}
          >
            {STOCK_CHANGE_REASONS.map((r) => (
              <option key={r} value={r}>
                {STOCK_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={id('quantity')}
          label={`Quantity (${unit})`}
          error={errors.quantity}
          hint={
            reason === 'correction' ? 'Negative takes stock off.' : reason === 'damaged' ? 'Taken off the stock.' : 'Added to the stock.'
          }
        >
          <input
            id={id('quantity')}
            type="number"
            inputMode="decimal"
            step={unit === 'grams' ? '0.001' : '1'}
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setErrors(({ quantity: _q, ...rest }) => rest);
            }}
            {...describedBy(id('quantity'), errors.quantity, true)}
            className={inputClass(!!errors.quantity)}
          />
        </Field>
        <TextField
          id={id('note')}
          label="Note"
          optional
          error={errors.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="Supplier, invoice, what happened"
        />
      </div>
      <p>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : SUBMIT_LABELS[reason]}
        </button>
      </p>
    </form>
  );
}
