import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import {
  CheckField,
  ChoiceField,
  DataTable,
  EmptyNote,
  FormFooter,
  ListActions,
  LoadedView,
  SectionHead,
  secondaryButton,
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import Dialog from '../../components/ui/Dialog.tsx';
import { showToast } from '../../components/ui/toast.ts';
import type { PackageUnit } from '../../db/inventory-values.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { COA_MESSAGES, isPdf, MAX_COA_BYTES, MAX_COA_LABEL } from '../inventory/coa.ts';
import { type AdminPackage, formatPackageQuantity, labResultsText, packageName, unitWord } from '../inventory/package-view.ts';
import {
  ADJUST_REASON_LABELS,
  ADJUST_REASONS,
  type AdjustReason,
  PackageAdjust,
  PackageFinish,
  PackageReceive,
  PackageUpdate,
} from '../inventory/packages.schema.ts';
import { packageUnit, TAG_MESSAGE } from '../inventory/packages.ts';
import PackageCsvPanel from './PackageCsvPanel.tsx';
import {
  type AdjustForm,
  adjustInput,
  type EditForm,
  editFormOf,
  editInput,
  emptyReceiveForm,
  type FinishForm,
  formField,
  type LabForm,
  type ReceiveForm,
  receiveField,
  receiveInput,
  renameFields,
} from './package-form.ts';
import { packagesApi } from './packages.api.ts';

type Open = { kind: 'receive' } | { kind: 'edit' | 'adjust' | 'finish'; pkg: AdminPackage } | null;

const REASON_CHOICES = ADJUST_REASONS.map((r) => ({ value: r, label: ADJUST_REASON_LABELS[r] }));

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * The admin's Packages tab (D40): every package with what it holds, its tag ("Needs a tag" while
 * it has none), its lab results and COA; receiving one, tagging it, adjusting it with a reason,
 * finishing it, and receiving many from a CSV.
 */
export default function PackagesTab() {
  const baseId = useId();
  const [productId, setProductId] = useState('');
  const [showFinished, setShowFinished] = useState(false);
  const [needsTagOnly, setNeedsTagOnly] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const catalogue = useAdminData(async () => (await adminApi.products()) as AdminProduct[], 'Failed to load the products');
  const { state, reload, update } = useAdminData(
    () => packagesApi.list({ ...(productId ? { productId } : {}), status: showFinished ? 'all' : 'active' }),
    'Failed to load the packages',
    `${productId}|${showFinished}`,
  );
  const products = useMemo(
    () => (catalogue.state.status === 'ready' ? [...catalogue.state.data].sort((a, b) => a.name.localeCompare(b.name)) : []),
    [catalogue.state],
  );

  const saved = (pkg: AdminPackage, title: string) => {
    setOpen(null);
    update((list) => ({ ...list, packages: list.packages.map((p) => (p.id === pkg.id ? pkg : p)) }));
    showToast({ title });
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-6">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Packages"
        actions={
          <ListActions
            onRefresh={reload}
            newLabel="Receive a package"
            onNew={() => setOpen({ kind: 'receive' })}
            newDisabled={products.length === 0}
          />
        }
      >
        Stock lives in packages, each with its Metrc tag and lab results; orders take from the oldest first. A package without a tag still
        sells, but its sales wait for the tag before they are reported.
      </SectionHead>

      <div className="flex flex-wrap items-end gap-4">
        <ChoiceField
          id={`${baseId}-product`}
          label="Product"
          value={productId}
          first={{ value: '', label: 'All products' }}
          options={products.map((p) => ({ value: String(p.id), label: p.name }))}
          onChoose={setProductId}
          fieldClassName="min-w-[16rem]"
        />
        <CheckField checked={showFinished} onChange={(e) => setShowFinished(e.target.checked)} label="Show finished packages" />
        <CheckField checked={needsTagOnly} onChange={(e) => setNeedsTagOnly(e.target.checked)} label="Only packages that need a tag" />
      </div>

      <LoadedView state={state} loading="Loading the packages…" failed="Failed to load the packages" onRetry={reload}>
        {(data) => {
          const shown = needsTagOnly ? data.packages.filter((p) => p.tag == null && p.traced) : data.packages;
          if (shown.length === 0) return <EmptyNote>{needsTagOnly ? 'Every package listed has a tag' : 'No packages yet'}</EmptyNote>;
          return (
            <>
              <DataTable
                caption="Packages"
                className="w-full min-w-[60rem] text-sm"
                columns={[
                  'Tag',
                  'Product',
                  { label: 'On hand', right: true },
                  { label: 'Received', right: true },
                  'Batch',
                  'Lab results',
                  'Status',
                  { label: 'Actions', srOnly: true },
                ]}
              >
                {shown.map((p) => (
                  <PackageRow key={p.id} pkg={p} onOpen={(kind) => setOpen({ kind, pkg: p })} />
                ))}
              </DataTable>
              {data.more && <p className="text-sm text-muted">Only the first packages are listed: choose a product to see all of its.</p>}
            </>
          );
        }}
      </LoadedView>

      <PackageCsvPanel onImported={reload} />

      <Dialog open={open != null} onClose={() => setOpen(null)} labelledBy={`${baseId}-dialog`} className="max-h-[90dvh] overflow-y-auto">
        {open?.kind === 'receive' && (
          <ReceiveView
            titleId={`${baseId}-dialog`}
            products={products}
            productId={productId}
            onClose={() => setOpen(null)}
            onSaved={(pkg) => {
              setOpen(null);
              reload();
              showToast({ title: `${formatPackageQuantity(pkg.quantity, pkg.unit)} of ${pkg.productName} received` });
            }}
          />
        )}
        {open?.kind === 'edit' && (
          <EditView
            key={open.pkg.id}
            titleId={`${baseId}-dialog`}
            pkg={open.pkg}
            onClose={() => setOpen(null)}
            onSaved={(pkg) => saved(pkg, 'Package saved')}
          />
        )}
        {open?.kind === 'adjust' && (
          <AdjustView
            key={open.pkg.id}
            titleId={`${baseId}-dialog`}
            pkg={open.pkg}
            onClose={() => setOpen(null)}
            onSaved={(pkg) => saved(pkg, 'Stock adjusted')}
          />
        )}
        {open?.kind === 'finish' && (
          <FinishView
            key={open.pkg.id}
            titleId={`${baseId}-dialog`}
            pkg={open.pkg}
            onClose={() => setOpen(null)}
            onSaved={(pkg) => {
              if (showFinished) saved(pkg, 'Package finished');
              else {
                setOpen(null);
                update((list) => ({ ...list, packages: list.packages.filter((p) => p.id !== pkg.id) }));
                showToast({ title: 'Package finished' });
              }
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

function PackageRow({ pkg, onOpen }: { pkg: AdminPackage; onOpen: (kind: 'edit' | 'adjust' | 'finish') => void }) {
  const name = packageName(pkg);
  return (
    <tr>
      <th scope="row" className={`${td} text-left font-normal`}>
        {pkg.tag ? (
          <span className="font-mono text-xs">{pkg.tag}</span>
        ) : pkg.traced ? (
          <span className={`${badge} bg-amber-100 text-amber-900`}>Needs a tag</span>
        ) : (
          <span className="text-xs text-muted">Not tracked in Metrc</span>
        )}
      </th>
      <td className={td}>{pkg.productName}</td>
      <td className={`${td} text-right tabular-nums`}>{formatPackageQuantity(pkg.quantity, pkg.unit)}</td>
      <td className={`${td} text-right tabular-nums`}>
        {formatPackageQuantity(pkg.received, pkg.unit)}
        <span className="block text-xs text-muted">{pkg.receivedOn}</span>
      </td>
      <td className={td}>{pkg.batch || <span className="text-muted">—</span>}</td>
      <td className={td}>
        {pkg.labResults ? labResultsText(pkg.labResults) : <span className="text-muted">None yet</span>}
        {pkg.coaUrl && (
          <a href={pkg.coaUrl} target="_blank" rel="noopener" className="block font-semibold text-brand-800 underline">
            COA (PDF)<span className="sr-only"> of {name}</span>
          </a>
        )}
      </td>
      <td className={td}>
        <span className={`${badge} ${pkg.status === 'active' ? 'bg-brand-100 text-brand-900' : 'bg-stone-200 text-stone-800'}`}>
          {pkg.status === 'active' ? 'Active' : 'Finished'}
        </span>
      </td>
      <td className={`${td} whitespace-nowrap text-right`}>
        <button
          type="button"
          className={`${smallButton} mr-2`}
          onClick={() => onOpen('edit')}
          aria-label={`${pkg.tag ? 'Edit' : 'Tag'} ${name}`}
        >
          {pkg.tag ? 'Edit' : 'Tag'}
        </button>
        <button type="button" className={`${smallButton} mr-2`} onClick={() => onOpen('adjust')} aria-label={`Adjust ${name}`}>
          Adjust
        </button>
        {pkg.status === 'active' && (
          <button type="button" className={smallButton} onClick={() => onOpen('finish')} aria-label={`Finish ${name}`}>
            Finish
          </button>
        )}
      </td>
    </tr>
  );
}

/** A text field's binding from useEditForm's `text`. */
type Bind = (name: keyof LabForm) => {
  id: string;
  name: string;
  error: string | undefined;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
};

/** The lab results' fields, shared by the receive and edit forms; total THC in mg is for what is sold by the piece. */
function LabFields({ text, errors, unit }: { text: Bind; errors: Record<string, string>; unit: PackageUnit | null }) {
  const bind = (name: keyof LabForm) => ({ ...text(name), error: errors[name] });
  return (
    <fieldset className="rounded-xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold">Lab results (from the certificate of analysis)</legend>
      <p className="mb-3 text-xs text-muted">Leave every field empty when there are none yet.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...bind('thcPercent')} label="THC %" type="number" inputMode="decimal" min={0} max={100} step="any" optional />
        <TextField {...bind('cbdPercent')} label="CBD %" type="number" inputMode="decimal" min={0} max={100} step="any" optional />
        {unit !== 'g' && (
          <TextField {...bind('thcMg')} label="Total THC (mg)" type="number" inputMode="decimal" min={0} step="any" optional />
        )}
        <TextField {...bind('testedOn')} label="Tested on" type="date" />
        <TextField {...bind('lab')} label="Lab" fieldClassName="sm:col-span-2" />
      </div>
    </fieldset>
  );
}

const otherErrors = (errors: Record<string, string>, known: readonly string[]) =>
  Object.entries(errors).filter(([field]) => !known.includes(field));

const LAB_KEYS = ['thcPercent', 'cbdPercent', 'thcMg', 'testedOn', 'lab'] as const;

function ReceiveView({
  titleId,
  products,
  productId,
  onClose,
  onSaved,
}: {
  titleId: string;
  products: readonly AdminProduct[];
  productId: string;
  onClose: () => void;
  onSaved: (pkg: AdminPackage) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<ReceiveForm>(() => emptyReceiveForm(productId));
  const product = products.find((p) => String(p.id) === form.productId);
  const unit: PackageUnit = product ? packageUnit(product.category) : 'g';
  const { busy, onSubmit } = useSave(showErrors, {
    schema: PackageReceive,
    input: () => receiveInput(form, unit),
    fields: (e) => renameFields(e, receiveField),
    call: async (value) => (await packagesApi.receive(value)) as AdminPackage,
    done: onSaved,
    failed: 'The package was not received. Please try again.',
  });
  const rename = renameFields(errors, receiveField);
  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        Receive a package
      </h2>
      <ChoiceField
        id={id('productId')}
        name="productId"
        label="Product"
        value={form.productId}
        error={rename.productId}
        first={{ value: '', label: 'Choose a product' }}
        options={products.map((p) => ({ value: String(p.id), label: p.name }))}
        onChoose={(value) => set('productId', value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...text('tag')}
          error={rename.tag}
          label="Metrc tag"
          hint="As printed on the label. Leave empty if it has none yet: the package then needs a tag."
          optional
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          {...text('quantity')}
          error={rename.quantity ?? rename.unit}
          label={`Quantity (${unitWord(unit)})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={unit === 'each' ? 1 : 'any'}
        />
        <TextField {...text('batch')} label="Batch or lot" optional />
        <TextField {...text('receivedOn')} error={rename.receivedOn} label="Received on" type="date" />
      </div>
      <LabFields text={text} errors={rename} unit={product ? unit : null} />
      <FormFooter
        errors={otherErrors(rename, ['productId', 'tag', 'quantity', 'unit', 'batch', 'receivedOn', ...LAB_KEYS])}
        busy={busy}
        onCancel={onClose}
        submitLabel="Receive"
      />
    </form>
  );
}

function EditView({
  titleId,
  pkg,
  onClose,
  onSaved,
}: {
  titleId: string;
  pkg: AdminPackage;
  onClose: () => void;
  onSaved: (pkg: AdminPackage) => void;
}) {
  const { form, errors, showErrors, formRef, text } = useEditForm<EditForm>(() => editFormOf(pkg));
  const { busy, onSubmit } = useSave(showErrors, {
    schema: PackageUpdate,
    input: () => editInput(form),
    fields: (e) => renameFields(e, formField),
    call: async (value) => (await packagesApi.update(pkg.id, value)) as AdminPackage,
    done: onSaved,
    failed: 'The package was not saved. Please try again.',
  });
  const rename = renameFields(errors, formField);
  return (
    <div className="flex flex-col gap-5 p-6">
      <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <h2 id={titleId} className="text-xl font-bold">
          {pkg.tag ? `Package ${pkg.tag}` : 'Tag a package'}
        </h2>
        <p className="text-sm text-muted">
          {pkg.productName}: holds {formatPackageQuantity(pkg.quantity, pkg.unit)} of {formatPackageQuantity(pkg.received, pkg.unit)}{' '}
          received {pkg.receivedOn}.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...text('tag')} error={rename.tag} label="Metrc tag" hint={TAG_MESSAGE} autoComplete="off" spellCheck={false} />
          <TextField {...text('batch')} error={rename.batch} label="Batch or lot" optional />
        </div>
        <LabFields text={text} errors={rename} unit={pkg.unit} />
        <FormFooter errors={otherErrors(rename, ['tag', 'batch', ...LAB_KEYS])} busy={busy} onCancel={onClose} />
      </form>
      <CoaUpload pkg={pkg} onSaved={onSaved} />
    </div>
  );
}

function AdjustView({
  titleId,
  pkg,
  onClose,
  onSaved,
}: {
  titleId: string;
  pkg: AdminPackage;
  onClose: () => void;
  onSaved: (pkg: AdminPackage) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<AdjustForm>({ reason: 'waste', amount: '', note: '' });
  const { busy, onSubmit } = useSave(showErrors, {
    schema: PackageAdjust,
    input: () => adjustInput(form),
    fields: (e) => renameFields(e, formField),
    call: async (value) => (await packagesApi.adjust(pkg.id, value)) as AdminPackage,
    done: onSaved,
    failed: 'The stock was not adjusted. Please try again.',
  });
  const rename = renameFields(errors, formField);
  const counting = form.reason === 'correction';
  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        Adjust {packageName(pkg)}
      </h2>
      <p className="text-sm text-muted">
        {pkg.productName}: holds {formatPackageQuantity(pkg.quantity, pkg.unit)}. Each adjustment is a row of the stock ledger with its
        reason.
      </p>
      <ChoiceField
        id={id('reason')}
        name="reason"
        label="Reason"
        value={form.reason}
        error={rename.reason}
        options={REASON_CHOICES}
        onChoose={(value) => set('reason', value as AdjustReason)}
      />
      <TextField
        {...text('amount')}
        error={rename.amount}
        label={counting ? `Counted quantity (${unitWord(pkg.unit)})` : `Quantity taken off (${unitWord(pkg.unit)})`}
        hint={counting ? 'What the package holds now, as counted: the stock is set to it.' : undefined}
        type="number"
        inputMode="decimal"
        min={0}
        step={pkg.unit === 'each' ? 1 : 'any'}
      />
      <TextField {...text('note')} error={rename.note} label="Note" optional />
      <FormFooter errors={otherErrors(rename, ['reason', 'amount', 'note'])} busy={busy} onCancel={onClose} submitLabel="Adjust" />
    </form>
  );
}

function FinishView({
  titleId,
  pkg,
  onClose,
  onSaved,
}: {
  titleId: string;
  pkg: AdminPackage;
  onClose: () => void;
  onSaved: (pkg: AdminPackage) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<FinishForm>({
    reason: pkg.quantity > 0 ? 'waste' : 'correction',
    note: '',
  });
  const { busy, onSubmit } = useSave(showErrors, {
    schema: PackageFinish,
    input: () => form,
    call: async (value) => (await packagesApi.finish(pkg.id, value)) as AdminPackage,
    done: onSaved,
    failed: 'The package was not finished. Please try again.',
  });
  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        Finish {packageName(pkg)}
      </h2>
      <p>
        {pkg.quantity > 0
          ? `What remains (${formatPackageQuantity(pkg.quantity, pkg.unit)}) leaves the stock, and the package sells no more.`
          : 'The package is empty; finished, it no longer shows among the active packages.'}
      </p>
      <ChoiceField
        id={id('reason')}
        name="reason"
        label="Why what remains leaves"
        value={form.reason}
        error={errors.reason}
        options={REASON_CHOICES}
        onChoose={(value) => set('reason', value as AdjustReason)}
      />
      <TextField {...text('note')} label="Note" optional />
      <FormFooter errors={otherErrors(errors, ['reason', 'note'])} busy={busy} onCancel={onClose} submitLabel="Finish package" />
    </form>
  );
}

/** The package's certificate of analysis: the one it has, and a PDF to upload in its place. */
function CoaUpload({ pkg, onSaved }: { pkg: AdminPackage; onSaved: (pkg: AdminPackage) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setError('');
    if (!file) return;
    if (file.size > MAX_COA_BYTES) return setError(COA_MESSAGES.tooLarge);
    // The server judges the bytes too; checking them here saves sending a file it would refuse.
    if (!isPdf(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return setError(COA_MESSAGES.notPdf);
    setBusy(true);
    try {
      onSaved(await packagesApi.uploadCoa(pkg.id, file));
    } catch (err) {
      if (!sessionEnded(err)) setError(errorMessage(err, 'The certificate was not uploaded. Please try again.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 border-t border-stone-200 pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        Certificate of analysis
      </h3>
      {pkg.coaUrl ? (
        <p>
          <a href={pkg.coaUrl} target="_blank" rel="noopener" className={secondaryButton}>
            Open the current COA (PDF)
          </a>
        </p>
      ) : (
        <p className="text-sm text-muted">None uploaded yet. Shoppers see it on the product page once it is.</p>
      )}
      <label htmlFor={`${id}-file`} className="text-sm font-semibold">
        {pkg.coaUrl ? 'Replace it with a PDF' : 'Upload the PDF'}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        onChange={(e) => void onChoose(e)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {busy ? 'Uploading…' : `A PDF up to ${MAX_COA_LABEL}. Choosing one uploads it.`}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
