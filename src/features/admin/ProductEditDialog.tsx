import { Fragment, type ReactNode, type SubmitEvent, useId } from 'react';
import * as v from 'valibot';
import { CheckField, describedBy, Field, FormFooter, inputClass, TextAreaField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm } from '../../components/admin/use-edit-form.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { PRODUCT_STATUSES } from '../../db/menu-values.ts';
import { ApiError } from '../../lib/api.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { categoryKey } from '../catalog/catalog.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import ImageUpload from '../images/ImageUpload.tsx';
import { takesNetGrams, takesThcMg } from '../menu/products.ts';
import { ProductCreate, ProductUpdate, STRAIN_TYPES } from './admin.schema.ts';
import type { AdminProduct } from './admin.ts';
import {
  type CategoryOption,
  duplicateForm,
  emptyProductForm,
  formToCreateInput,
  formToUpdateInput,
  type ProductForm,
  priceFieldsFor,
  productStatusLabel,
  productToForm,
  stockUnit,
} from './product-form.ts';

type TextField = Exclude<keyof ProductForm, 'isFeatured' | 'isBestSeller' | 'status'>;

/** Edit one product, or create one (from nothing, or from a product being duplicated). */
export type ProductEditorTarget = { mode: 'edit'; product: AdminProduct } | { mode: 'create'; from: AdminProduct | null };

/**
 * The product dialog (admin.md §2, §5). Prices are typed in dollars and sent in cents; the price
 * fields are those of the product's category, so a new product's category is chosen first. It
 * closes only when the save succeeded.
 */
export default function ProductEditDialog({
  target,
  categories,
  onClose,
  onSaved,
}: {
  target: ProductEditorTarget | null;
  /** Every category and strain; null while they load. */
  categories: readonly CategoryOption[] | null;
  onClose: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
}) {
  const titleId = useId();
  const key = target == null ? '' : target.mode === 'edit' ? `edit-${target.product.id}` : `create-${target.from?.id ?? 'new'}`;
  return (
    <Dialog open={target != null} onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] overflow-y-auto">
      {target && (
        <ProductFormView key={key} target={target} categories={categories ?? []} titleId={titleId} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function ProductFormView({
  target,
  categories,
  titleId,
  onClose,
  onSaved,
}: {
  target: ProductEditorTarget;
  categories: readonly CategoryOption[];
  titleId: string;
  onClose: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
}) {
  const editing = target.mode === 'edit' ? target.product : null;
  const {
    form,
    set,
    errors,
    showErrors,
    busy,
    setBusy,
    formRef,
    id,
    text: bindText,
  } = useEditForm<ProductForm>(() =>
    editing ? productToForm(editing) : target.mode === 'create' && target.from ? duplicateForm(target.from) : emptyProductForm(),
  );

  const tops = categories.filter((c) => c.parentId == null && (!c.retired || String(c.id) === form.categoryId));
  const chosen = categories.find((c) => String(c.id) === form.categoryId && c.parentId == null);
  const category = editing?.category ?? (chosen ? categoryKey(chosen) : '');
  const strains = categories.filter((c) => chosen && c.parentId === chosen.id && (!c.retired || String(c.id) === form.subcategoryId));
  const priceFields = category ? priceFieldsFor(category) : [];
  const unit = stockUnit(category);
  const units = unit === 'g' ? 'grams' : 'units';

  const shown = new Set<string>([
    'name',
    'description',
    'categoryId',
    'status',
    'rating',
    'thcContent',
    'cbdContent',
    'strainType',
    'stockQuantity',
    'lowStockQuantity',
    'effects',
    'flavor',
    'origin',
    'image',
  ]);
  for (const f of priceFields) shown.add(f.field);
  if (strains.length > 0) shown.add('subcategoryId');
  if (takesThcMg(category)) shown.add('thcMg');
  if (takesNetGrams(category)) shown.add('netGrams');
  // Errors about fields this form does not show (a price another category edits, say) still need saying.
  const otherErrors = Object.entries(errors).filter(([field]) => !shown.has(field));

  const failure = editing ? 'Failed to update product' : 'Failed to create product';

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = editing
      ? v.safeParse(ProductUpdate, formToUpdateInput(form, editing))
      : v.safeParse(ProductCreate, formToCreateInput(form, category));
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const saved = editing
        ? await adminApi.updateProduct(editing.id, parsed.output as ProductUpdate)
        : await adminApi.createProduct(parsed.output as ProductCreate);
      onSaved(saved, !editing);
      showToast(
        editing
          ? { title: 'Product updated', description: `${saved.name} was saved.` }
          : {
              title: 'Product created',
              description: `${saved.name} was saved as ${saved.status === 'active' ? 'active' : `a ${saved.status} product`}.`,
            },
      );
    } catch (err) {
      setBusy(false);
      sessionEnded(err);
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) showErrors(err.fields);
      showToast({
        title: failure,
        description: errorMessage(err, editing ? 'Failed to update product. Please try again.' : 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const text = (
    name: TextField,
    label: string,
    opts: { type?: 'text' | 'number' | 'url'; step?: string; min?: string; max?: string; hint?: string; className?: string } = {},
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

  const select = (
    name: 'categoryId' | 'subcategoryId' | 'strainType',
    label: string,
    options: ReactNode,
    onChange?: (value: string) => void,
  ) => (
    <Field id={id(name)} label={label} error={errors[name]}>
      <select
        id={id(name)}
        name={name}
        value={form[name]}
        onChange={(e) => (onChange ? onChange(e.target.value) : set(name, e.target.value))}
        {...describedBy(id(name), errors[name])}
        className={inputClass(!!errors[name])}
      >
        {options}
      </select>
    </Field>
  );

  const check = (name: 'isFeatured' | 'isBestSeller', label: string) => (
    <CheckField checked={form[name]} onChange={(e) => set(name, e.target.checked)} label={label} />
  );

  const chooseCategory = (value: string) => {
    set('categoryId', value);
    // A strain belongs to one category: another category starts without one.
    set('subcategoryId', '');
  };

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          {editing ? `Edit ${editing.name}` : 'New product'}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {editing
            ? editing.categoryName
            : target.mode === 'create' && target.from
              ? `A copy of ${target.from.name}, saved as a new product.`
              : null}
        </p>
      </div>

      {!editing && (
        <div className="grid gap-3 sm:grid-cols-2">
          {select(
            'categoryId',
            'Category',
            <>
              <option value="">Choose a category</option>
              {tops.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </>,
            chooseCategory,
          )}
          {strains.length > 0 &&
            select(
              'subcategoryId',
              'Strain',
              <>
                <option value="">None</option>
                {strains.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </>,
            )}
          {!category && (
            <p className="text-sm text-muted sm:col-span-2">Choose the category first: its weights and price fields depend on it.</p>
          )}
        </div>
      )}

      {(editing || category) && (
        <>
          {editing &&
            strains.length > 0 &&
            select(
              'subcategoryId',
              'Strain',
              <>
                <option value="">None</option>
                {strains.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </>,
            )}
          {text('name', 'Name')}
          <TextAreaField {...bindText('description')} label="Description" rows={4} />

          <Field
            id={id('status')}
            label="Status"
            error={errors.status}
            hint="Only active products are in the shop, in search and in the sitemap."
          >
            <select
              id={id('status')}
              name="status"
              value={form.status}
              onChange={(e) => set('status', e.target.value as ProductForm['status'])}
              {...describedBy(id('status'), errors.status, true)}
              className={inputClass(!!errors.status)}
            >
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {productStatusLabel(s)}
                </option>
              ))}
            </select>
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
            {text('rating', 'Rating', {
              type: 'number',
              step: '0.1',
              min: '1',
              max: '5',
              hint: editing && editing.rating > 0 ? '1 to 5' : '1 to 5; empty while not rated yet',
            })}
            {text('thcContent', 'THC %', { type: 'number', step: '0.1', min: '0', max: '100' })}
            {text('cbdContent', 'CBD %', { type: 'number', step: '0.1', min: '0', max: '100' })}
            {takesThcMg(category) && text('thcMg', 'THC per package (mg)', { type: 'number', step: '1', min: '0' })}
            {takesNetGrams(category) &&
              text('netGrams', 'Net weight (g)', { type: 'number', step: '0.001', min: '0', hint: 'Cannabis in one unit' })}
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            {select(
              'strainType',
              'Strain type',
              <>
                <option value="">None</option>
                {STRAIN_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </>,
            )}
            {text('stockQuantity', editing ? `Stock quantity (${units})` : `Initial stock (${units})`, {
              type: 'number',
              step: unit === 'g' ? '0.001' : '1',
              min: '0',
              hint: editing
                ? 'A new count is recorded in the ledger as a correction. Leave empty when stock is not tracked.'
                : 'Recorded in the ledger as received. Leave empty when stock is not tracked.',
            })}
            {text('lowStockQuantity', `Low stock at (${units})`, {
              type: 'number',
              step: unit === 'g' ? '0.001' : '1',
              min: '0',
              hint: "The 'Low stock' filter lists the product at or under this.",
            })}
            {text('effects', 'Effects', { hint: 'Comma-separated, e.g. Relaxing, Happy' })}
            {text('flavor', 'Flavor')}
            {text('origin', 'Origin')}
          </div>

          <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-[6rem_1fr]">
            <legend className="px-1 font-semibold">Image</legend>
            <ProductImage
              src={form.image}
              name={form.name || 'New product'}
              width={96}
              height={96}
              className="h-24 w-24 rounded-lg object-cover text-xs"
            />
            <div className="flex flex-col gap-3">
              {text('image', 'Image URL', { type: 'url', hint: 'A path on this site (/images/...) or an https:// address.' })}
              <ImageUpload label="Or upload an image" onUploaded={(url) => set('image', url)} disabled={busy} />
            </div>
          </fieldset>

          <div className="flex flex-wrap gap-6">
            {check('isFeatured', 'Featured')}
            {check('isBestSeller', 'Best Seller')}
          </div>
        </>
      )}

      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} submitLabel={editing ? 'Save' : 'Create product'} />
    </form>
  );
}
