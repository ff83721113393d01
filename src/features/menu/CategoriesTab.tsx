import { useCallback, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  DataTable,
  describedBy,
  EditDialog,
  Field,
  FormFooter,
  inputClass,
  LoadError,
  Loading,
  primaryButton,
  smallButton,
  TextAreaField,
  td,
  th,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import CheckboxGroup from '../../components/ui/CheckboxGroup.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { STRAIN_TYPES } from '../catalog/browse.ts';
import { EFFECTS } from '../catalog/catalog.ts';
import type { AdminCategory, MenuKind } from './categories.ts';
import { menuApi } from './menu.api.ts';
import { CategoryCreate, CategoryUpdate, StrainCreate, StrainUpdate } from './menu.schema.ts';
import { EMPTY_MENU_FORM, type MenuForm, menuFormToInput, menuItemToForm, moveId } from './menu-ui.ts';

/** What differs between the two lists: their words, their calls and their schemas. */
const KINDS = {
  category: {
    title: 'Categories',
    one: 'category',
    intro: "Top-level categories, in the order the home page's Shop by Category shows them.",
    load: async (): Promise<AdminCategory[]> => (await menuApi.categories()).filter((c) => c.parentId == null),
    order: (ids: number[]): Promise<AdminCategory[]> => menuApi.orderCategories(ids),
    create: (input: unknown) => menuApi.createCategory(v.parse(CategoryCreate, input)),
    update: (id: number, input: unknown) => menuApi.updateCategory(id, v.parse(CategoryUpdate, input)),
    retire: (id: number): Promise<AdminCategory> => menuApi.retireCategory(id),
    restore: (id: number): Promise<AdminCategory> => menuApi.restoreCategory(id),
    createSchema: CategoryCreate,
    updateSchema: CategoryUpdate,
  },
  strain: {
    title: 'Strains',
    one: 'strain',
    intro: 'Strains beneath Flower, with the type, effects and occasions their pages show.',
    load: (): Promise<AdminCategory[]> => menuApi.strains(),
    order: (ids: number[]): Promise<AdminCategory[]> => menuApi.orderStrains(ids),
    create: (input: unknown) => menuApi.createStrain(v.parse(StrainCreate, input)),
    update: (id: number, input: unknown) => menuApi.updateStrain(id, v.parse(StrainUpdate, input)),
    retire: (id: number): Promise<AdminCategory> => menuApi.retireStrain(id),
    restore: (id: number): Promise<AdminCategory> => menuApi.restoreStrain(id),
    createSchema: StrainCreate,
    updateSchema: StrainUpdate,
  },
} as const;

/** The admin's Categories tab (M1, M4): categories and strains, their order, and retiring them. */
export default function CategoriesTab() {
  return (
    <div className="flex flex-col gap-10">
      <MenuSection kind="category" />
      <MenuSection kind="strain" />
    </div>
  );
}

function MenuSection({ kind }: { kind: MenuKind }) {
  const spec = KINDS[kind];
  const { state, reload, update } = useAdminData(spec.load, `Failed to load the ${spec.title.toLowerCase()}`);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  /** A refusal or failure the admin must read (a retire refused, an order not saved). */
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  /** Said politely after each move, for screen readers. */
  const [moved, setMoved] = useState('');
  const [refocus, setRefocus] = useState<{ id: number; dir: 'up' | 'down' } | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const baseId = useId();
  const buttonId = (id: number, dir: 'up' | 'down') => `${baseId}-${dir}-${id}`;

  const say = (text: string) => setNotice((old) => ({ text, n: (old?.n ?? 0) + 1 }));

  // A moved row keeps the focus on its button; at the top or bottom (button disabled) the other one.
  useEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    const own = document.getElementById(buttonId(refocus.id, refocus.dir)) as HTMLButtonElement | null;
    const other = document.getElementById(buttonId(refocus.id, refocus.dir === 'up' ? 'down' : 'up')) as HTMLButtonElement | null;
    (own && !own.disabled ? own : other)?.focus();
  });

  const replace = useCallback((item: AdminCategory) => update((list) => list.map((c) => (c.id === item.id ? item : c))), [update]);

  if (state.status === 'loading') return <Loading label={`Loading ${spec.title.toLowerCase()}…`} />;
  if (state.status === 'error')
    return <LoadError title={`Failed to load the ${spec.title.toLowerCase()}`} message={state.message} onRetry={reload} />;
  const list = state.data;

  const move = (index: number, by: -1 | 1) => {
    const item = list[index];
    if (!item) return;
    const ids = moveId(
      list.map((c) => c.id),
      index,
      by,
    );
    const byId = new Map(list.map((c) => [c.id, c]));
    update(() => ids.flatMap((id) => byId.get(id) ?? []));
    setRefocus({ id: item.id, dir: by === -1 ? 'up' : 'down' });
    setMoved(`${item.name} moved to position ${ids.indexOf(item.id) + 1} of ${ids.length}`);
    // Saves run one after another, each with the whole order as it then stood, so the last wins.
    saving.current = saving.current.then(() =>
      spec.order(ids).catch((err: unknown) => {
        if (sessionEnded(err)) return;
        say(errorMessage(err, 'The new order was not saved. Please try again.'));
        reload();
      }),
    );
  };

  const setRetired = async (item: AdminCategory, retired: boolean) => {
    try {
      const saved = await (retired ? spec.retire(item.id) : spec.restore(item.id));
      replace(saved);
      showToast({ title: retired ? `${item.name} retired` : `${item.name} restored` });
    } catch (err) {
      if (sessionEnded(err)) return;
      const message = errorMessage(err, `${item.name} could not be ${retired ? 'retired' : 'restored'}. Please try again.`);
      say(message);
      showToast({
        title: retired ? `${item.name} was not retired` : `${item.name} was not restored`,
        description: message,
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            {spec.title}
          </h2>
          <p className="text-sm text-muted">{spec.intro}</p>
        </div>
        <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
          New {spec.one}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {moved}
      </p>
      {notice && (
        <div key={notice.n} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {notice.text}
        </div>
      )}
      <DataTable
        caption={<>{spec.title}, in display order</>}
        className="w-full min-w-[48rem] text-sm"
        columns={[{ label: 'Active products', right: true }, 'Status', { label: 'Actions', srOnly: true }]}
        lead={
          <>
            <th scope="col" className={th}>
              Order
            </th>
            <th scope="col" className={th}>
              Name
            </th>
            {kind === 'strain' && (
              <th scope="col" className={th}>
                Type
              </th>
            )}
          </>
        }
      >
        {list.map((c, i) => (
          <tr key={c.id} className={c.retired ? 'bg-stone-50 text-stone-600' : ''}>
            <td className={`${td} whitespace-nowrap`}>
              <span className="mr-2 inline-block w-6 text-right tabular-nums">{i + 1}</span>
              <button
                type="button"
                id={buttonId(c.id, 'up')}
                className={`${smallButton} mr-1`}
                disabled={i === 0}
                aria-label={`Move ${c.name} up`}
                onClick={() => move(i, -1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                id={buttonId(c.id, 'down')}
                className={smallButton}
                disabled={i === list.length - 1}
                aria-label={`Move ${c.name} down`}
                onClick={() => move(i, 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </td>
            <th scope="row" className={`${td} text-left`}>
              <span className="block font-semibold">{c.name}</span>
              <span className="block text-xs font-normal text-muted">/{c.slug}</span>
            </th>
            {kind === 'strain' && <td className={td}>{c.strainType ?? '—'}</td>}
            <td className={`${td} text-right tabular-nums`}>{c.activeProducts}</td>
            <td className={td}>
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  c.retired ? 'bg-stone-200 text-stone-800' : 'bg-brand-100 text-brand-900'
                }`}
              >
                {c.retired ? 'Retired' : 'Shown'}
              </span>
            </td>
            <td className={`${td} whitespace-nowrap text-right`}>
              <button type="button" className={`${smallButton} mr-2`} onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                Edit
              </button>
              <button
                type="button"
                className={smallButton}
                onClick={() => void setRetired(c, !c.retired)}
                aria-label={`${c.retired ? 'Restore' : 'Retire'} ${c.name}`}
              >
                {c.retired ? 'Restore' : 'Retire'}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <MenuDialog
        kind={kind}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          if (created) update((items) => [...items, saved]);
          else replace(saved);
          showToast({ title: created ? `${saved.name} created` : `${saved.name} saved` });
        }}
      />
    </section>
  );
}

function MenuDialog({
  kind,
  editing,
  onClose,
  onSaved,
}: {
  kind: MenuKind;
  editing: AdminCategory | 'new' | null;
  onClose: () => void;
  onSaved: (item: AdminCategory, created: boolean) => void;
}) {
  return (
    <EditDialog editing={editing} onClose={onClose}>
      {(row, titleId) => <MenuItemForm kind={kind} item={row} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

function MenuItemForm({
  kind,
  item,
  titleId,
  onClose,
  onSaved,
}: {
  kind: MenuKind;
  item: AdminCategory | null;
  titleId: string;
  onClose: () => void;
  onSaved: (item: AdminCategory, created: boolean) => void;
}) {
  const spec = KINDS[kind];
  const {
    form,
    set,
    errors,
    showErrors,
    formRef,
    id,
    text: bindText,
  } = useEditForm<MenuForm>(() => (item ? menuItemToForm(item) : EMPTY_MENU_FORM));

  const input = () => menuFormToInput(kind, form, item == null);
  const { busy, onSubmit } = useSave(showErrors, {
    schema: item ? spec.updateSchema : spec.createSchema,
    input,
    // The kind's calls parse the form's input themselves.
    call: () => (item ? spec.update(item.id, input()) : spec.create(input())),
    done: (saved) => onSaved(saved, item == null),
    failed: 'It was not saved. Please try again.',
  });

  const known = new Set(['name', 'slug', 'description', 'image', 'strainType', 'effects', 'bestFor']);
  const otherErrors = Object.entries(errors).filter(([field]) => !known.has(field));

  const text = (name: 'name' | 'slug' | 'image' | 'bestFor', label: string, hint?: string, optional = false) => (
    <Field id={id(name)} label={label} error={errors[name]} hint={hint} optional={optional}>
      <input
        id={id(name)}
        name={name}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        {...describedBy(id(name), errors[name], !!hint)}
        className={inputClass(!!errors[name])}
      />
    </Field>
  );

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {item ? `Edit ${item.name}` : `New ${spec.one}`}
      </h2>
      {text('name', 'Name')}
      {text(
        'slug',
        'Slug',
        item
          ? 'The last part of its address. If you change it, the old address keeps working and leads here.'
          : 'The last part of its address. Leave it empty to make one from the name.',
        item == null,
      )}
      {kind === 'strain' && (
        <Field id={id('strainType')} label="Strain type" error={errors.strainType}>
          <select
            id={id('strainType')}
            name="strainType"
            value={form.strainType}
            onChange={(e) => set('strainType', e.target.value)}
            {...describedBy(id('strainType'), errors.strainType)}
            className={inputClass(!!errors.strainType)}
          >
            <option value="">Choose a type</option>
            {STRAIN_TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      )}
      <TextAreaField {...bindText('description')} label="Description" optional rows={4} />
      {text('image', 'Image', 'A path on this site (/images/...) or an https:// address.', true)}
      {kind === 'strain' && (
        <>
          <div>
            <CheckboxGroup
              legend="Effects"
              options={EFFECTS}
              checked={form.effects}
              columns
              onToggle={(effect) =>
                set(
                  'effects',
                  form.effects.includes(effect)
                    ? form.effects.filter((x) => x !== effect)
                    : EFFECTS.filter((x) => x === effect || form.effects.includes(x)),
                )
              }
            />
            {errors.effects && (
              <p role="alert" className="text-sm text-red-700">
                {errors.effects}
              </p>
            )}
          </div>
          {text('bestFor', 'Best for', 'Occasions, comma-separated, e.g. Evening, Social', true)}
        </>
      )}
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}
