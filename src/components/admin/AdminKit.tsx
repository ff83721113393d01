/** Small presentational pieces the admin screens share, so every form and list looks and reads alike. */
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { OrderStatus } from '../../db/order-values.ts';
import type { OutboxMessage } from '../../features/admin/admin.ts';
import Dialog from '../ui/Dialog.tsx';
import type { Loaded } from './AdminSession.tsx';
import { statusLabel } from './admin-ui.ts';

export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-ink hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500';
export const smallButton =
  'inline-flex items-center justify-center rounded-md border border-stone-300 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500';

export const inputClass = (invalid = false) =>
  `w-full rounded-lg border bg-white px-3 py-2 text-ink ${invalid ? 'border-red-600' : 'border-stone-400'} focus:border-brand-700`;

export const errorId = (id: string) => `${id}-error`;

/** A labelled control with its error underneath; the control must use `id` and describe itself by errorId(id). */
export function Field({
  id,
  label,
  error,
  hint,
  optional,
  className = '',
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria props for a control inside <Field>. */
export function describedBy(id: string, error: string | undefined, hint = false) {
  const ids = [error ? errorId(id) : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** What a labelled text control is told besides its own attributes (see Field). */
interface LabelledProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean | undefined;
  /** Classes of the Field around the control. */
  fieldClassName?: string | undefined;
  /** Classes added to the control's own. */
  inputClassName?: string | undefined;
}

/** The Field's props and the control's own (id, description, invalid look) from a labelled control's props. */
function labelled<P extends LabelledProps>({ id, label, error, hint, optional, fieldClassName, inputClassName, ...control }: P) {
  return {
    field: { id, label, error, hint, optional, className: fieldClassName },
    control: {
      id,
      ...control,
      ...describedBy(id, error, !!hint),
      className: inputClassName ? `${inputClass(!!error)} ${inputClassName}` : inputClass(!!error),
    },
  };
}

/** An <input> in its <Field>: labelled, described by its error and hint, and marked invalid with its error. */
export function TextField({
  inputRef,
  ...props
}: LabelledProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { inputRef?: Ref<HTMLInputElement> }) {
  const { field, control } = labelled(props);
  return (
    <Field {...field}>
      <input ref={inputRef} {...control} />
    </Field>
  );
}

/** A <textarea> in its <Field>, as TextField. */
export function TextAreaField({
  inputRef,
  ...props
}: LabelledProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { inputRef?: Ref<HTMLTextAreaElement> }) {
  const { field, control } = labelled(props);
  return (
    <Field {...field}>
      <textarea ref={inputRef} {...control} />
    </Field>
  );
}

/** A <select> in its <Field>, as TextField; `children` are its options. */
export function SelectField({ children, ...props }: LabelledProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  const { field, control } = labelled(props);
  return (
    <Field {...field}>
      <select {...control}>{children}</select>
    </Field>
  );
}

/** A bare checkbox, for a table's tick column; its props are the <input>'s own. */
export function TickBox(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return <input type="checkbox" {...props} className="h-4 w-4 accent-brand-700" />;
}

/** The tick column's header cell: one box that ticks every row. */
export function TickAllHead(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <th scope="col" className={th}>
      <TickBox {...props} />
    </th>
  );
}

/** A checkbox with its label beside it; its other props are the <input>'s own. */
export function CheckField({
  label,
  className = 'flex items-center gap-2 font-semibold',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: ReactNode; className?: string }) {
  return (
    <label className={className}>
      <input type="checkbox" {...input} className="h-4 w-4 accent-brand-700" />
      {label}
    </label>
  );
}

/** One option of a ChoiceField: what it sends and what it says. */
export interface Choice {
  value: string | number;
  label: string;
}

/**
 * A SelectField over a list of choices, with `first` before them when the list has a 'none' or
 * 'all' choice; `onChoose` gets the chosen value as the <select> holds it.
 */
export function ChoiceField({
  options,
  first,
  onChoose,
  ...props
}: LabelledProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'onChange' | 'children'> & {
    options: readonly Choice[];
    first?: Choice;
    onChoose: (value: string) => void;
  }) {
  return (
    <SelectField {...props} onChange={(e) => onChoose(e.target.value)}>
      {first && <option value={first.value}>{first.label}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="animate-pulse space-y-3" aria-busy="true">
      {/* On screen: until the island has drawn the screen there is nothing to use, and this says why. */}
      <p role="status" className="text-sm font-semibold text-stone-700">
        {label}
      </p>
      <div className="h-8 w-1/3 rounded bg-stone-200" />
      <div className="h-40 rounded-2xl bg-stone-200" />
    </div>
  );
}

export function LoadError({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="button" onClick={onRetry} className={secondaryButton}>
          Try again
        </button>
        {children}
      </div>
    </div>
  );
}

const ORDER_BADGE: Record<OrderStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${ORDER_BADGE[status]}`}>{statusLabel(status)}</span>
  );
}

const OUTBOX_BADGE: Record<OutboxMessage['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
};

export function OutboxStatusBadge({ status }: { status: OutboxMessage['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${OUTBOX_BADGE[status]}`}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}

/**
 * Wide tables scroll sideways inside this box on small screens instead of widening the page.
 * `relative` makes the box the containing block of the table's visually hidden (absolute) labels,
 * which would otherwise escape the scroll box and widen the page anyway.
 */
export function TableBox({ children }: { children: ReactNode }) {
  return <div className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white">{children}</div>;
}

/** A column of HeadRow: its name, or its name with the column's alignment or a name for screen readers only. */
export type Column = string | { label: string; right?: boolean; srOnly?: boolean };

/** A table's header row: `children` are leading header cells (a select-all box), then one per column. */
export function HeadRow({ columns, children }: { columns: readonly Column[]; children?: ReactNode }) {
  return (
    <thead className="border-b border-stone-200 bg-stone-50">
      <tr>
        {children}
        {columns.map((c) => {
          const { label, right = false, srOnly = false } = typeof c === 'string' ? { label: c } : c;
          return (
            <th key={label} scope="col" className={right ? `${th} text-right` : th}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A list's buttons: Refresh, and the button that makes a new row when the list has one. */
export function ListActions({
  onRefresh,
  newLabel,
  onNew,
  newDisabled = false,
}: {
  onRefresh: () => void;
  newLabel?: string;
  onNew?: () => void;
  newDisabled?: boolean;
}) {
  return (
    <div className="flex gap-2">
      <button type="button" className={secondaryButton} onClick={onRefresh}>
        Refresh
      </button>
      {newLabel && (
        <button type="button" className={primaryButton} onClick={onNew} disabled={newDisabled}>
          {newLabel}
        </button>
      )}
    </div>
  );
}

/** An admin list's table in its scroll box, named by a visually hidden caption, its rows in a striped body. */
export function DataTable({
  caption,
  columns,
  className = 'w-full text-sm',
  lead,
  children,
}: {
  caption: ReactNode;
  columns: readonly Column[];
  className?: string;
  /** Leading header cells, before the columns. */
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableBox>
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        <HeadRow columns={columns}>{lead}</HeadRow>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </TableBox>
  );
}

/** What an admin list says when it has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-stone-200 bg-white p-6 text-center text-muted">{children}</p>;
}

/**
 * A loaded screen part: its loading note, its load error with Try again, or `children` drawn from
 * the data once it is there.
 */
export function LoadedView<T>({
  state,
  loading,
  failed,
  onRetry,
  children,
}: {
  state: Loaded<T>;
  /** The loading note, e.g. 'Loading the deals…'. */
  loading: string;
  /** The load error's title, e.g. 'Failed to load the deals'. */
  failed: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Loading label={loading} />;
  if (state.status === 'error') return <LoadError title={failed} message={state.message} onRetry={onRetry} />;
  return <>{children(state.data)}</>;
}

/** The head of an admin section: its title (named `titleId` for the section), what it is for, and its buttons. */
export function SectionHead({
  titleId,
  title,
  children,
  actions,
  introClassName,
}: {
  titleId: string;
  title: string;
  /** The intro under the title. */
  children?: ReactNode;
  actions?: ReactNode;
  /** Classes of the block that holds the title and intro. */
  introClassName?: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className={introClassName}>
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {children && <p className="text-sm text-muted">{children}</p>}
      </div>
      {actions}
    </div>
  );
}

export const th = 'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted';
export const td = 'px-3 py-2 align-top';

/**
 * A dialog that edits one row, or makes a new one: open while `editing` is a row or 'new'. Its form
 * is keyed by the row, so each opening starts from that row's values.
 */
export function EditDialog<T extends { id: number }>({
  editing,
  onClose,
  className = '',
  children,
}: {
  editing: T | 'new' | null;
  onClose: () => void;
  className?: string;
  children: (row: T | null, titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={editing != null} onClose={onClose} labelledBy={titleId} className={`max-h-[90dvh] overflow-y-auto ${className}`}>
      {editing != null && <div key={editing === 'new' ? 'new' : editing.id}>{children(editing === 'new' ? null : editing, titleId)}</div>}
    </Dialog>
  );
}

/**
 * The end of an admin form: the errors that belong to no field on it (in an alert), then Cancel and
 * the submit button, which says so while the form saves.
 */
export function FormFooter({
  errors,
  busy,
  onCancel,
  submitLabel = 'Save',
}: {
  errors: readonly (readonly [string, string])[];
  busy: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <>
      {errors.length > 0 && (
        <ul role="alert" className="list-inside list-disc rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {errors.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
      </div>
    </>
  );
}
