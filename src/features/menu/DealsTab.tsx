import { useId, useState } from 'react';
import {
  CheckField,
  DataTable,
  describedBy,
  EditDialog,
  EmptyNote,
  Field,
  FormFooter,
  inputClass,
  ListActions,
  LoadedView,
  SectionHead,
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatNyTime, fromNyWallTime } from '../../lib/ny-time.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { type AdminDeal, DEAL_STATE_LABELS, type DealState } from './deals.ts';
import { menuApi } from './menu.api.ts';
import { DEAL_PERCENT, DealInput } from './menu.schema.ts';
import { type DealForm, dealFormToInput, dealToForm, dealWindowText, EMPTY_DEAL_FORM, searchByName } from './menu-ui.ts';

/** How many matches the product search lists at once. */
const PICKER_MATCHES = 20;

const STATE_BADGE: Record<DealState, string> = {
  live: 'bg-brand-100 text-brand-900',
  scheduled: 'bg-sky-100 text-sky-900',
  ended: 'bg-stone-200 text-stone-800',
  off: 'bg-amber-100 text-amber-900',
};

/** The admin's Deals tab (D32): deals with their state now, percent, New York window and products. */
export default function DealsTab() {
  const { state, reload, update } = useAdminData(async () => {
    const [{ deals }, products] = await Promise.all([menuApi.deals(), adminApi.products()]);
    return { deals: deals as AdminDeal[], products: products as AdminProduct[] };
  }, 'Failed to load the deals');
  const [editing, setEditing] = useState<AdminDeal | 'new' | null>(null);
  const baseId = useId();

  const remove = async (deal: AdminDeal) => {
    if (!window.confirm(`Delete the deal ${deal.name}? Its products go back to their regular prices.`)) return;
    try {
      await menuApi.deleteDeal(deal.id);
      update((d) => ({ ...d, deals: d.deals.filter((x) => x.id !== deal.id) }));
      showToast({ title: `${deal.name} deleted` });
    } catch (err) {
      if (sessionEnded(err)) return;
      showToast({ title: 'The deal was not deleted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Deals"
        actions={
          <ListActions onRefresh={reload} newLabel="New deal" onNew={() => setEditing('new')} newDisabled={state.status !== 'ready'} />
        }
      >
        A deal takes a percent off its products from its start to its end, in New York time. A product in several live deals gets the
        largest.
      </SectionHead>
      <LoadedView state={state} loading="Loading the deals…" failed="Failed to load the deals" onRetry={reload}>
        {(data) =>
          data.deals.length === 0 ? (
            <EmptyNote>No deals yet</EmptyNote>
          ) : (
            <DataTable
              caption="Deals"
              className="w-full min-w-[52rem] text-sm"
              columns={[
                'Name',
                'State',
                { label: 'Off', right: true },
                'Window (New York time)',
                { label: 'Products', right: true },
                { label: 'Actions', srOnly: true },
              ]}
            >
              {data.deals.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {d.name}
                  </th>
                  <td className={td}>
                    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_BADGE[d.state]}`}>
                      {DEAL_STATE_LABELS[d.state]}
                    </span>
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{d.percentOff}%</td>
                  <td className={td}>{dealWindowText(d)}</td>
                  <td className={`${td} text-right tabular-nums`}>{d.productIds.length}</td>
                  <td className={`${td} whitespace-nowrap text-right`}>
                    <button type="button" className={`${smallButton} mr-2`} onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>
                      Edit
                    </button>
                    <button type="button" className={smallButton} onClick={() => void remove(d)} aria-label={`Delete ${d.name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      <DealDialog
        editing={editing}
        products={state.status === 'ready' ? state.data.products : []}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          update((d) => ({ ...d, deals: created ? [...d.deals, saved] : d.deals.map((x) => (x.id === saved.id ? saved : x)) }));
          showToast({ title: created ? `${saved.name} created` : `${saved.name} saved` });
        }}
      />
    </section>
  );
}

function DealDialog({
  editing,
  products,
  onClose,
  onSaved,
}: {
  editing: AdminDeal | 'new' | null;
  products: readonly AdminProduct[];
  onClose: () => void;
  onSaved: (deal: AdminDeal, created: boolean) => void;
}) {
  return (
    <EditDialog editing={editing} onClose={onClose}>
      {(row, titleId) => <DealFormView deal={row} products={products} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

/** Under a window field: the instant it names, with EDT or EST, or nothing while it names none. */
function wallHint(wall: string, open: string): string {
  if (!wall) return open;
  const result = fromNyWallTime(wall);
  return result.ok ? formatNyTime(result.ms) : open;
}

function DealFormView({
  deal,
  products,
  titleId,
  onClose,
  onSaved,
}: {
  deal: AdminDeal | null;
  products: readonly AdminProduct[];
  titleId: string;
  onClose: () => void;
  onSaved: (deal: AdminDeal, created: boolean) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<DealForm>(() => (deal ? dealToForm(deal) : EMPTY_DEAL_FORM));
  const [search, setSearch] = useState('');
  const byId = new Map(products.map((p) => [p.id, p]));
  const matches = searchByName(products, search, PICKER_MATCHES);

  const toggle = (productId: number) =>
    set(
      'productIds',
      form.productIds.includes(productId) ? form.productIds.filter((p) => p !== productId) : [...form.productIds, productId],
    );

  const { busy, onSubmit } = useSave(showErrors, {
    schema: DealInput,
    input: () => dealFormToInput(form),
    // A product's own issue ('productIds.2') belongs to the product list.
    fields: (errors) => Object.fromEntries(Object.entries(errors).map(([path, m]) => [path.split('.')[0] ?? path, m])),
    call: async (value) => (deal ? await menuApi.updateDeal(deal.id, value) : await menuApi.createDeal(value)) as AdminDeal,
    done: (saved) => onSaved(saved, deal == null),
    failed: 'The deal was not saved. Please try again.',
  });

  const known = new Set(['name', 'percentOff', 'productIds', 'startsAt', 'endsAt', 'active']);
  const otherErrors = Object.entries(errors).filter(([field]) => !known.has(field));

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {deal ? `Edit ${deal.name}` : 'New deal'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <TextField {...text('name')} label="Name" />
        <TextField
          {...text('percentOff')}
          label="Percent off"
          hint={`${DEAL_PERCENT.min} to ${DEAL_PERCENT.max}`}
          type="number"
          inputMode="numeric"
          min={DEAL_PERCENT.min}
          max={DEAL_PERCENT.max}
          step={1}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id('startsAt')}
          label="Starts (New York time)"
          error={errors.startsAt}
          hint={wallHint(form.startsAt, 'Empty: starts at once')}
        >
          <input
            id={id('startsAt')}
            name="startsAt"
            type="datetime-local"
            value={form.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
            {...describedBy(id('startsAt'), errors.startsAt, true)}
            className={inputClass(!!errors.startsAt)}
          />
        </Field>
        <TextField {...text('endsAt')} label="Ends (New York time)" hint={wallHint(form.endsAt, 'Empty: no end')} type="datetime-local" />
      </div>
      <CheckField
        checked={form.active}
        onChange={(e) => set('active', e.target.checked)}
        label="Active (switch off to pause the deal without deleting it)"
      />

      <fieldset
        className={`rounded-xl border p-4 ${errors.productIds ? 'border-red-600' : 'border-stone-200'}`}
        aria-describedby={errors.productIds ? `${id('productIds')}-error` : undefined}
      >
        <legend className="px-1 font-semibold">Products ({form.productIds.length} chosen)</legend>
        {errors.productIds && (
          <p id={`${id('productIds')}-error`} className="mb-2 text-sm text-red-700">
            {errors.productIds}
          </p>
        )}
        {form.productIds.length > 0 && (
          <ul aria-label="Chosen products" className="mb-4 flex flex-wrap gap-2">
            {form.productIds.map((pid) => (
              <li key={pid} className="flex items-center gap-1 rounded-full border border-stone-300 bg-stone-50 py-0.5 pr-1 pl-3 text-sm">
                {byId.get(pid)?.name ?? `Product ${pid}`}
                <button
                  type="button"
                  className="rounded-full px-1.5 font-semibold text-stone-700 hover:bg-stone-200"
                  aria-label={`Remove ${byId.get(pid)?.name ?? `product ${pid}`}`}
                  onClick={() => toggle(pid)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Field id={id('search')} label="Search products by name">
          <input
            id={id('search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-invalid={errors.productIds ? true : undefined}
            className={inputClass(!!errors.productIds)}
          />
        </Field>
        {search.trim() !== '' && (
          <ul
            aria-label="Matching products"
            className="mt-2 max-h-64 divide-y divide-stone-200 overflow-y-auto rounded-lg border border-stone-200"
          >
            {matches.length === 0 && <li className="p-2 text-sm text-muted">No product matches</li>}
            {matches.map((p) => (
              <li key={p.id}>
                <CheckField
                  className="flex cursor-pointer items-center gap-2 p-2 text-sm hover:bg-stone-50"
                  checked={form.productIds.includes(p.id)}
                  onChange={() => toggle(p.id)}
                  label={
                    <>
                      <span className="flex-1">{p.name}</span>
                      <span className="text-muted">{p.categoryName}</span>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}
