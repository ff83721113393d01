import { type ReactNode, useId, useState } from 'react';
import {
  CheckField,
  ChoiceField,
  DataTable,
  describedBy,
  EditDialog,
  FormFooter,
  inputClass,
  ListActions,
  LoadedView,
  SectionHead,
  secondaryButton,
  smallButton,
  TextAreaField,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { useAdminData } from '../../components/admin/AdminSession.tsx';
import { formatDateTime } from '../../components/admin/admin-ui.ts';
import { type FieldErrors, useFocusFirstInvalid, useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { type LimitScope, type RuleSource, STATE_RULES, type StateRule, type StateSales, type TaxBase } from '../../db/state-values.ts';
import { dateLabel } from './delivery-settings.ts';
import { StatePatch } from './states.schema.ts';
import type { AdminState } from './states.ts';
import { statesApi } from './states-admin.api.ts';
import {
  formToPatch,
  historyFieldLabel,
  historyValues,
  LIMIT_SCOPE_CHOICES,
  LIMIT_SCOPE_LABELS,
  opensOnText,
  RULE_LABELS,
  SALES_CHOICES,
  type StateForm,
  salesText,
  stateToForm,
  TAX_BASE_CHOICES,
  type TaxForm,
  taxText,
} from './states-admin.ts';

let keys = 0;
const newKey = () => `t${++keys}`;

/** The States tab (D38): what each state allows today, where each rule comes from, edits and history. */
export default function StatesTab() {
  const { state, reload, update } = useAdminData(async () => (await statesApi.list()).states, 'Failed to load the states');
  const [editing, setEditing] = useState<AdminState | null>(null);
  const baseId = useId();

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead titleId={`${baseId}-title`} title="States" actions={<ListActions onRefresh={reload} />}>
        What each state allows: who may buy, from when, its taxes, how its limits count and the delivery hours. Checkout follows these rules
        from the next order on. A rule marked “To confirm” still waits for its source to be confirmed.
      </SectionHead>
      <LoadedView state={state} loading="Loading the states…" failed="Failed to load the states" onRetry={reload}>
        {(states) => (
          <ul className="flex flex-col gap-6">
            {states.map((s) => (
              <li key={s.code}>
                <StateCard state={s} onEdit={() => setEditing(s)} />
              </li>
            ))}
          </ul>
        )}
      </LoadedView>
      <EditDialog editing={editing ? { ...editing, id: editing.rules.id } : null} onClose={() => setEditing(null)} className="sm:max-w-3xl">
        {(row, titleId) =>
          row && (
            <StateFormView
              state={row}
              titleId={titleId}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                update((all) => all.map((s) => (s.code === saved.code ? saved : s)));
                showToast({
                  title: `${saved.name} saved`,
                  description: `Sales today: ${salesText(saved)}. Checkout follows the new rules now.`,
                });
              }}
            />
          )
        }
      </EditDialog>
    </section>
  );
}

function ToConfirm({ rule, state }: { rule: StateRule; state: AdminState }) {
  if (!state.toConfirm.includes(rule)) return null;
  return <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">To confirm</span>;
}

/** One state: each rule with its value today, its source and the date it was checked; Edit; History. */
function StateCard({ state, onEdit }: { state: AdminState; onEdit: () => void }) {
  const titleId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const values: Record<StateRule, ReactNode> = {
    sales: salesText(state),
    opensOn: opensOnText(state.opensOn),
    taxes:
      state.taxes.length === 0 ? (
        'No tax'
      ) : (
        <ul>
          {state.taxes.map((t) => (
            <li key={`${t.name}-${t.appliesTo}`}>{taxText(t)}</li>
          ))}
        </ul>
      ),
    limitScope: LIMIT_SCOPE_LABELS[state.limitScope],
    deliveryHours: `${state.deliveryHours.start} to ${state.deliveryHours.end} (New York)`,
  };
  const waiting = state.toConfirm.length;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-bold">
            {state.name}
          </h3>
          <p className="text-sm text-muted">
            {state.code} · {waiting === 0 ? 'Every rule confirmed' : `${waiting} rule${waiting === 1 ? '' : 's'} to confirm`}
          </p>
        </div>
        <button type="button" className={secondaryButton} onClick={onEdit} aria-label={`Edit ${state.name}`}>
          Edit
        </button>
      </div>
      <dl className="grid gap-4 md:grid-cols-2">
        {STATE_RULES.map((rule) => {
          const source = state.rules.sources[rule];
          return (
            <div key={rule} className="flex min-w-0 flex-col gap-1 rounded-xl bg-stone-50 p-3">
              <dt className="text-sm font-semibold">
                {RULE_LABELS[rule]}
                <ToConfirm rule={rule} state={state} />
              </dt>
              <dd className="break-words">{values[rule]}</dd>
              <dd className="break-words text-xs text-muted">
                Source: {source.source} · Checked {dateLabel(source.checkedOn)}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm">
        <span className="font-semibold">Metrc licence number: </span>
        {state.rules.metrcLicense ? (
          state.rules.metrcLicense
        ) : (
          <span className="text-amber-900">Not set: delivery reports to Metrc wait until it is.</span>
        )}
      </p>
      <details onToggle={(e) => setHistoryOpen(e.currentTarget.open)} className="rounded-xl border border-stone-200">
        <summary className="cursor-pointer px-3 py-2 font-semibold">History</summary>
        {historyOpen && (
          <div className="p-3">
            <StateHistory code={state.code} name={state.name} version={state.rules.updatedAt} />
          </div>
        )}
      </details>
    </section>
  );
}

/** The state's audit trail, newest first; loaded when opened, and again after each save. */
function StateHistory({ code, name, version }: { code: string; name: string; version: number }) {
  const { state, reload } = useAdminData(
    async () => (await statesApi.history(code)).history,
    'The history could not be loaded',
    `${code}-${version}`,
  );
  return (
    <LoadedView state={state} loading="Loading the history…" failed="The history could not be loaded" onRetry={reload}>
      {(entries) =>
        entries.length === 0 ? (
          <p className="text-sm text-muted">No changes have been recorded for {name}.</p>
        ) : (
          <DataTable
            caption={`${name}: change history, newest first`}
            className="w-full min-w-[40rem] text-sm"
            columns={['When (New York)', 'Who', 'What', 'From', 'To']}
          >
            {entries.map((h) => {
              const [from, to] = historyValues(h.field, h.fromValue, h.toValue);
              return (
                <tr key={h.id}>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(h.createdAt)}</td>
                  <td className={`${td} break-all`}>{h.actor}</td>
                  <td className={td}>{historyFieldLabel(h.field)}</td>
                  <td className={`${td} break-words`}>{from}</td>
                  <td className={`${td} break-words`}>{to}</td>
                </tr>
              );
            })}
          </DataTable>
        )
      }
    </LoadedView>
  );
}

const ROOT_FIELDS = ['sales', 'opensOn', 'taxes', 'limitScope', 'deliveryStart', 'deliveryEnd', 'metrcLicense'];
const SOURCE_PARTS = ['source', 'checkedOn', 'toConfirm'] as const;

/** The edit form of one state's rules; a save sends only what changed. */
function StateFormView({
  state,
  titleId,
  onClose,
  onSaved,
}: {
  state: AdminState;
  titleId: string;
  onClose: () => void;
  onSaved: (state: AdminState) => void;
}) {
  const [saved] = useState(() => stateToForm(state, newKey));
  const [form, setForm] = useState<StateForm>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, focus } = useFocusFirstInvalid();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name.replaceAll('.', '-')}`;

  const clear = (...names: string[]) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !names.includes(k) && k !== 'form')));
  const set = <K extends keyof StateForm>(name: K, value: StateForm[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    clear(name, ...(name === 'deliveryStart' ? ['deliveryEnd'] : []));
  };
  const setSource = (rule: StateRule, part: keyof RuleSource, value: string | boolean) => {
    setForm((old) => ({ ...old, sources: { ...old.sources, [rule]: { ...old.sources[rule], [part]: value } } }));
    clear(`sources.${rule}.${part}`);
  };
  const setTax = (key: string, part: 'name' | 'percent' | 'appliesTo', value: string) => {
    const i = form.taxes.findIndex((t) => t.key === key);
    setForm((old) => ({ ...old, taxes: old.taxes.map((t) => (t.key === key ? { ...t, [part]: value } : t)) }));
    clear(`taxes.${i}.${part}`, 'taxes');
  };
  // Adding or removing rows renumbers them: errors by row number no longer match, so they go.
  const setTaxes = (taxes: TaxForm[]) => {
    setForm((old) => ({ ...old, taxes }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !k.startsWith('taxes') && k !== 'form')));
  };
  const showErrors = (errs: FieldErrors) => {
    setErrors(errs);
    focus();
  };

  const { busy, onSubmit } = useSave(showErrors, {
    schema: StatePatch,
    input: () => formToPatch(form, saved),
    // The only error without a field is the schema's "Change at least one field".
    fields: (errs) => ('input' in errs ? { form: 'Nothing has changed, so there is nothing to save.' } : errs),
    call: (value) => statesApi.change(state.code, value),
    done: onSaved,
    failed: 'The rules were not saved. Please try again.',
  });

  const shown = new Set([
    ...ROOT_FIELDS,
    ...form.taxes.flatMap((_t, i) => [`taxes.${i}.name`, `taxes.${i}.percent`, `taxes.${i}.appliesTo`]),
    ...STATE_RULES.flatMap((r) => SOURCE_PARTS.map((p) => `sources.${r}.${p}`)),
  ]);
  const fieldErrorCount = Object.keys(errors).filter((k) => shown.has(k)).length;
  const otherErrors = Object.entries(errors).filter(([k]) => !shown.has(k));

  const sourceFields = (rule: StateRule) => {
    const source = form.sources[rule];
    const key = (part: string) => `sources.${rule}.${part}`;
    return (
      <div className="grid gap-3 border-t border-stone-200 pt-3 sm:grid-cols-[1fr_11rem]">
        <TextAreaField
          id={id(key('source'))}
          label={`${RULE_LABELS[rule]} source`}
          error={errors[key('source')]}
          rows={2}
          value={source.source}
          onChange={(e) => setSource(rule, 'source', e.target.value)}
        />
        <div className="flex flex-col gap-3">
          <TextField
            id={id(key('checkedOn'))}
            label={`${RULE_LABELS[rule]} checked on`}
            error={errors[key('checkedOn')]}
            type="date"
            value={source.checkedOn}
            onChange={(e) => setSource(rule, 'checkedOn', e.target.value)}
          />
          <CheckField
            className="flex items-center gap-2 text-sm font-semibold"
            checked={source.toConfirm}
            onChange={(e) => setSource(rule, 'toConfirm', e.target.checked)}
            label={`${RULE_LABELS[rule]}: to confirm`}
          />
          {errors[key('toConfirm')] && <p className="text-sm text-red-700">{errors[key('toConfirm')]}</p>}
        </div>
      </div>
    );
  };

  const rule = (name: StateRule, children: ReactNode) => (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{RULE_LABELS[name]}</legend>
      {children}
      {sourceFields(name)}
    </fieldset>
  );

  return (
    <form method="post" ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-4 sm:p-6">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          Edit {state.name}
        </h2>
        <p className="text-sm text-muted">Saving sends only what you change; every change is recorded in the state’s history.</p>
      </div>
      {rule(
        'sales',
        <ChoiceField
          id={id('sales')}
          label="Sales"
          error={errors.sales}
          value={form.sales}
          options={SALES_CHOICES}
          onChoose={(v) => set('sales', v as StateSales)}
        />,
      )}
      {rule(
        'opensOn',
        <TextField
          id={id('opensOn')}
          label="Opening date (New York)"
          optional
          error={errors.opensOn}
          hint="Closed before this date, selling as Sales says from it. Empty: no date."
          type="date"
          value={form.opensOn}
          onChange={(e) => set('opensOn', e.target.value)}
        />,
      )}
      {rule(
        'taxes',
        <div className="flex flex-col gap-3">
          {form.taxes.length === 0 ? (
            <p className="text-sm text-muted">No tax lines: no tax is charged.</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {form.taxes.map((t, i) => (
                <TaxRow
                  key={t.key}
                  tax={t}
                  name={`Tax line ${i + 1}`}
                  idOf={(part) => id(`taxes.${i}.${part}`)}
                  errorOf={(part) => errors[`taxes.${i}.${part}`]}
                  onChange={(part, value) => setTax(t.key, part, value)}
                  onRemove={() => setTaxes(form.taxes.filter((x) => x.key !== t.key))}
                />
              ))}
            </ol>
          )}
          {errors.taxes && (
            <p id={id('taxes')} className="text-sm text-red-700">
              {errors.taxes}
            </p>
          )}
          <p>
            <button
              type="button"
              className={smallButton}
              onClick={() => setTaxes([...form.taxes, { key: newKey(), name: '', percent: '', appliesTo: 'goods' }])}
            >
              Add a tax line
            </button>
          </p>
        </div>,
      )}
      {rule(
        'limitScope',
        <ChoiceField
          id={id('limitScope')}
          label="Limits count"
          error={errors.limitScope}
          value={form.limitScope}
          options={LIMIT_SCOPE_CHOICES}
          onChoose={(v) => set('limitScope', v as LimitScope)}
          hint="Per person per day counts everything a person bought that day, so two orders cannot double a limit."
        />,
      )}
      {rule(
        'deliveryHours',
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={id('deliveryStart')}
            label="Delivery start (New York)"
            error={errors.deliveryStart}
            type="time"
            value={form.deliveryStart}
            onChange={(e) => set('deliveryStart', e.target.value)}
          />
          <TextField
            id={id('deliveryEnd')}
            label="Delivery end (New York)"
            error={errors.deliveryEnd}
            type="time"
            value={form.deliveryEnd}
            onChange={(e) => set('deliveryEnd', e.target.value)}
          />
        </div>,
      )}
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 font-semibold">Track and trace</legend>
        <TextField
          id={id('metrcLicense')}
          label="Metrc licence number"
          optional
          error={errors.metrcLicense}
          hint="The shop’s licence in this state’s Metrc, as Metrc prints it. Delivery reports are filed under it; empty, they wait."
          value={form.metrcLicense}
          onChange={(e) => set('metrcLicense', e.target.value)}
        />
      </fieldset>
      {fieldErrorCount > 0 && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          Nothing was saved. Please correct the {fieldErrorCount === 1 ? 'field' : `${fieldErrorCount} fields`} marked above.
        </p>
      )}
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}

/** One tax line of the form: name, percent, what it is charged on, and Remove. */
function TaxRow({
  tax,
  name,
  idOf,
  errorOf,
  onChange,
  onRemove,
}: {
  tax: TaxForm;
  name: string;
  idOf: (part: string) => string;
  errorOf: (part: string) => string | undefined;
  onChange: (part: 'name' | 'percent' | 'appliesTo', value: string) => void;
  onRemove: () => void;
}) {
  const cell = (part: 'name' | 'percent' | 'appliesTo', label: string, control: ReactNode) => {
    const error = errorOf(part);
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={idOf(part)} className="text-xs font-semibold">
          <span className="sr-only">{name} </span>
          {label}
        </label>
        {control}
        {error && (
          <p id={`${idOf(part)}-error`} className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const props = (part: 'name' | 'percent' | 'appliesTo') => ({
    id: idOf(part),
    ...describedBy(idOf(part), errorOf(part)),
    className: inputClass(!!errorOf(part)),
  });
  return (
    <li className="grid grid-cols-2 items-start gap-2 rounded-lg bg-stone-50 p-2 sm:grid-cols-[1fr_7rem_11rem_auto]">
      <div className="col-span-2 sm:col-span-1">
        {cell(
          'name',
          'Name',
          <input {...props('name')} value={tax.name} maxLength={100} onChange={(e) => onChange('name', e.target.value)} />,
        )}
      </div>
      {cell(
        'percent',
        'Percent',
        <input
          {...props('percent')}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={tax.percent}
          onChange={(e) => onChange('percent', e.target.value)}
        />,
      )}
      {cell(
        'appliesTo',
        'Applies to',
        <select {...props('appliesTo')} value={tax.appliesTo} onChange={(e) => onChange('appliesTo', e.target.value as TaxBase)}>
          {TAX_BASE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>,
      )}
      <div className="col-span-2 sm:col-span-1 sm:mt-5">
        <button type="button" className={smallButton} onClick={onRemove} aria-label={`Remove ${name.toLowerCase()}`}>
          Remove
        </button>
      </div>
    </li>
  );
}
