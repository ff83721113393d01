import { type SubmitEvent, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import {
  ChoiceField,
  DataTable,
  describedBy,
  Field,
  inputClass,
  Loading,
  primaryButton,
  secondaryButton,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { BULK_PERCENT, type BulkAction, BulkEdit } from './admin.schema.ts';
import type { BulkResult } from './admin.ts';
import { type CategoryOption, fieldLabel, formatFieldValue } from './product-form.ts';

export type BulkKind = BulkAction['type'];

const TITLES: Record<BulkKind, string> = {
  activate: 'Activate products',
  archive: 'Archive products',
  setCategory: 'Set category',
  changePrices: 'Change prices by a percent',
};

type Step =
  | { step: 'options' }
  | { step: 'previewing' }
  | { step: 'preview'; action: BulkAction; result: BulkResult }
  | { step: 'applying'; action: BulkAction; result: BulkResult };

/**
 * A bulk action on the selected products: its options when it has any (category, percent), then a
 * preview of every change the server would make, then Apply, which makes all of them at once or
 * none (the server's one batch).
 */
export default function BulkActionDialog({
  kind,
  ids,
  categories,
  onClose,
  onApplied,
}: {
  kind: BulkKind | null;
  ids: readonly number[];
  categories: readonly CategoryOption[];
  onClose: () => void;
  onApplied: (result: BulkResult) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={kind != null} onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] overflow-y-auto">
      {kind && (
        <BulkFlow key={kind} kind={kind} ids={ids} categories={categories} titleId={titleId} onClose={onClose} onApplied={onApplied} />
      )}
    </Dialog>
  );
}

function BulkFlow({
  kind,
  ids,
  categories,
  titleId,
  onClose,
  onApplied,
}: {
  kind: BulkKind;
  ids: readonly number[];
  categories: readonly CategoryOption[];
  titleId: string;
  onClose: () => void;
  onApplied: (result: BulkResult) => void;
}) {
  const needsOptions = kind === 'setCategory' || kind === 'changePrices';
  const [state, setState] = useState<Step>({ step: needsOptions ? 'options' : 'previewing' });
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [categoryId, setCategoryId] = useState('');
  const [strainId, setStrainId] = useState('');
  const [percent, setPercent] = useState('');
  const baseId = useId();
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const tops = categories.filter((c) => c.parentId == null && !c.retired);
  const strains = categories.filter((c) => categoryId !== '' && c.parentId === Number(categoryId) && !c.retired);
  const count = ids.length === 1 ? '1 selected product' : `${ids.length} selected products`;

  const preview = async (action: BulkAction) => {
    setProblem(null);
    setState({ step: 'previewing' });
    try {
      const result = await adminApi.bulk({ ids: [...ids], action }, true);
      setState({ step: 'preview', action, result });
    } catch (err) {
      if (sessionEnded(err)) return;
      setProblem(errorMessage(err, 'The preview failed. Please try again.'));
      setState({ step: needsOptions ? 'options' : 'previewing' });
      if (err instanceof ApiError) setErrors(err.fields);
    }
  };

  // Activate and archive have nothing to choose: their preview comes at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the dialog opens.
  useEffect(() => {
    if (!needsOptions) void preview({ type: kind } as BulkAction);
  }, []);

  const submitOptions = (e: SubmitEvent) => {
    e.preventDefault();
    const action =
      kind === 'setCategory'
        ? {
            type: kind,
            categoryId: categoryId === '' ? Number.NaN : Number(categoryId),
            subcategoryId: strainId === '' ? null : Number(strainId),
          }
        : { type: kind, percent: percent.trim() === '' ? Number.NaN : Number(percent) };
    const parsed = v.safeParse(BulkEdit, { ids: [...ids], action });
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.issues));
      return;
    }
    setErrors({});
    void preview(parsed.output.action);
  };

  const apply = async () => {
    if (state.step !== 'preview') return;
    setState({ ...state, step: 'applying' });
    try {
      const result = await adminApi.bulk({ ids: [...ids], action: state.action }, false);
      onApplied(result);
      showToast({
        title: 'Products updated',
        description: result.products === 1 ? '1 product was changed.' : `${result.products} products were changed.`,
      });
    } catch (err) {
      if (sessionEnded(err)) return;
      setProblem(errorMessage(err, 'Nothing was changed. Please try again.'));
      setState({ ...state, step: 'preview' });
    }
  };

  const fieldError = (name: string) => errors[`action.${name}`];

  return (
    <div className="flex flex-col gap-5 p-6">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          {TITLES[kind]}
        </h2>
        <p className="mt-1 text-sm text-muted">{count}</p>
      </div>

      {state.step === 'options' && kind === 'setCategory' && (
        <form noValidate onSubmit={submitOptions} className="grid gap-3 sm:grid-cols-2">
          <ChoiceField
            id={`${baseId}-category`}
            label="New category"
            error={fieldError('categoryId')}
            value={categoryId}
            onChoose={(value) => {
              setCategoryId(value);
              setStrainId('');
            }}
            first={{ value: '', label: 'Choose a category' }}
            options={tops.map((c) => ({ value: c.id, label: c.name }))}
          />
          {strains.length > 0 && (
            <ChoiceField
              id={`${baseId}-strain`}
              label="Strain"
              error={fieldError('subcategoryId')}
              hint="None keeps each product's own strain."
              value={strainId}
              onChoose={setStrainId}
              first={{ value: '', label: 'None' }}
              options={strains.map((s) => ({ value: s.id, label: s.name }))}
            />
          )}
          <p className="sm:col-span-2">
            <button type="submit" className={primaryButton}>
              Preview changes
            </button>
          </p>
        </form>
      )}

      {state.step === 'options' && kind === 'changePrices' && (
        <form noValidate onSubmit={submitOptions} className="flex flex-col gap-3">
          <Field
            id={`${baseId}-percent`}
            label="Change by (%)"
            error={fieldError('percent')}
            hint={`From ${BULK_PERCENT.min} to +${BULK_PERCENT.max}; each price, sale price and weight price is rounded to whole cents.`}
            className="max-w-xs"
          >
            <input
              id={`${baseId}-percent`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={BULK_PERCENT.min}
              max={BULK_PERCENT.max}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              {...describedBy(`${baseId}-percent`, fieldError('percent'), true)}
              className={inputClass(!!fieldError('percent'))}
            />
          </Field>
          <p>
            <button type="submit" className={primaryButton}>
              Preview changes
            </button>
          </p>
        </form>
      )}

      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}

      {state.step === 'previewing' && !problem && <Loading label="Working out the changes…" />}

      {(state.step === 'preview' || state.step === 'applying') && (
        <>
          <p role="status" className="text-sm font-semibold">
            {state.result.changes.length === 0
              ? 'Nothing to change: the selected products are already so.'
              : `${state.result.changes.length === 1 ? '1 change' : `${state.result.changes.length} changes`} to ${
                  state.result.products === 1 ? '1 product' : `${state.result.products} products`
                }, all applied together or not at all.`}
          </p>
          {state.result.changes.length > 0 && (
            <DataTable caption="Changes to apply" className="w-full min-w-[32rem] text-sm" columns={['Product', 'Field', 'From', 'To']}>
              {state.result.changes.map((c) => (
                <tr key={`${c.id}-${c.field}`}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {c.name}
                  </th>
                  <td className={td}>{fieldLabel(c.field)}</td>
                  <td className={td}>{formatFieldValue(c.field, c.from, names)}</td>
                  <td className={td}>{formatFieldValue(c.field, c.to, names)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        {state.step === 'preview' && needsOptions && (
          <button type="button" className={secondaryButton} onClick={() => setState({ step: 'options' })}>
            Back
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        {(state.step === 'preview' || state.step === 'applying') && state.result.changes.length > 0 && (
          <button type="button" className={primaryButton} disabled={state.step === 'applying'} onClick={() => void apply()}>
            {state.step === 'applying' ? 'Applying...' : 'Apply'}
          </button>
        )}
      </div>
    </div>
  );
}
