import { Fragment, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { describedBy, Field, inputClass, primaryButton, secondaryButton } from './AdminKit.tsx';
import { sessionEnded } from './AdminSession.tsx';
import { adminApi } from './admin.api.ts';
import { ProductUpdate, STRAIN_TYPES } from './admin.schema.ts';
import type { AdminProduct } from './admin.ts';
import { formToUpdateInput, type ProductForm, priceFieldsFor, productToForm, stockUnit } from './admin-ui.ts';

type Errors = Record<string, string>;
type TextField = Exclude<keyof ProductForm, 'isFeatured' | 'isBestSeller'>;

/**
 * The product edit dialog (admin.md §2, §5). Prices are typed in dollars and sent in cents; the
 * price fields are the product's category's. It closes only when the save succeeded.
 */
export default function ProductEditDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (product: AdminProduct) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={product != null} onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] overflow-y-auto">
      {product && <EditForm key={product.id} product={product} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditForm({
  product,
  titleId,
  onClose,
  onSaved,
}: {
  product: AdminProduct;
  titleId: string;
  onClose: () => void;
  onSaved: (product: AdminProduct) => void;
}) {
  const [form, setForm] = useState<ProductForm>(() => productToForm(product));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const priceFields = priceFieldsFor(product.category);
  const unit = stockUnit(product.category);
  const shown = new Set<string>([
    'name',
    'description',
    'rating',
    'thcContent',
    'cbdContent',
    'strainType',
    'stockQuantity',
    'effects',
    'flavor',
  ]);
  for (const f of priceFields) shown.add(f.field);
  // Errors about fields this form does not show (a price another category edits, say) still need saying.
  const otherErrors = Object.entries(errors).filter(([field]) => !shown.has(field));

  // The first invalid field takes the focus, in the order the form shows them.
  const [focusPending, setFocusPending] = useState(false);
  useEffect(() => {
    if (!focusPending) return;
    setFocusPending(false);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusPending]);

  const set = <K extends keyof ProductForm>(name: K, value: ProductForm[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, ...rest } = old;
      return rest;
    });
  };

  const showErrors = (errs: Errors) => {
    setErrors(errs);
    setFocusPending(true);
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(ProductUpdate, formToUpdateInput(form, product));
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const saved = await adminApi.updateProduct(product.id, parsed.output);
      onSaved(saved);
      showToast({ title: 'Product updated', description: `${saved.name} was saved.` });
    } catch (err) {
      setBusy(false);
      sessionEnded(err);
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) showErrors(err.fields);
      showToast({ title: 'Failed to update product', description: 'Failed to update product. Please try again.', variant: 'destructive' });
    }
  };

  const text = (
    name: TextField,
    label: string,
    opts: { type?: 'text' | 'number'; step?: string; min?: string; max?: string; hint?: string; className?: string } = {},
  ) => (
    <Field id={id(name)} label={label} error={errors[name]} hint={opts.hint} className={opts.className}>
      <input
        id={id(name)}
        name={name}
        type={opts.type ?? 'text'}
        inputMode={opts.type === 'number' ? 'decimal' : undefined}
        step={opts.step}
        min={opts.min}
        max={opts.max}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        {...describedBy(id(name), errors[name], !!opts.hint)}
        className={inputClass(!!errors[name])}
      />
    </Field>
  );

  const check = (name: 'isFeatured' | 'isBestSeller', label: string) => (
    <label className="flex items-center gap-2 font-semibold">
      <input type="checkbox" checked={form[name]} onChange={(e) => set(name, e.target.checked)} className="h-4 w-4 accent-brand-700" />
      {label}
    </label>
  );

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          Edit {product.name}
        </h2>
        <p className="mt-1 text-sm text-muted">{product.category}</p>
      </div>

      {text('name', 'Name')}
      <Field id={id('description')} label="Description" error={errors.description}>
        <textarea
          id={id('description')}
          name="description"
          rows={4}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          {...describedBy(id('description'), errors.description)}
          className={inputClass(!!errors.description)}
        />
      </Field>

      <fieldset className="rounded-xl border border-stone-200 p-4">
        <legend className="px-1 font-semibold">Prices (USD)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {priceFields.map((f) => (
            <Fragment key={f.field}>{text(f.field, f.label, { type: 'number', step: '0.01', min: '0' })}</Fragment>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-3">
        {text('rating', 'Rating', { type: 'number', step: '0.1', min: '1', max: '5', hint: '1 to 5' })}
        {text('thcContent', 'THC %', { type: 'number', step: '0.1', min: '0', max: '100' })}
        {text('cbdContent', 'CBD %', { type: 'number', step: '0.1', min: '0', max: '100' })}
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('strainType')} label="Strain type" error={errors.strainType}>
          <select
            id={id('strainType')}
            name="strainType"
            value={form.strainType}
            onChange={(e) => set('strainType', e.target.value)}
            {...describedBy(id('strainType'), errors.strainType)}
            className={inputClass(!!errors.strainType)}
          >
            <option value="">None</option>
            {STRAIN_TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        {text('stockQuantity', `Stock quantity (${unit === 'g' ? 'grams' : 'units'})`, {
          type: 'number',
          step: unit === 'g' ? '0.001' : '1',
          min: '0',
          hint: 'Leave empty when stock is not tracked.',
        })}
        {text('effects', 'Effects', { hint: 'Comma-separated, e.g. Relaxing, Happy' })}
        {text('flavor', 'Flavor')}
      </div>

      <div className="flex flex-wrap gap-6">
        {check('isFeatured', 'Featured')}
        {check('isBestSeller', 'Best Seller')}
      </div>

      {otherErrors.length > 0 && (
        <ul role="alert" className="list-inside list-disc rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {otherErrors.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
