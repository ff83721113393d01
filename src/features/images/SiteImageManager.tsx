import { type RefObject, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import {
  describedBy,
  Field,
  inputClass,
  LoadError,
  Loading,
  primaryButton,
  secondaryButton,
  smallButton,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { SITE_IMAGE_CATEGORIES, SITE_IMAGE_LOCATIONS } from '../../db/site-image-values.ts';
import { ApiError } from '../../lib/api.ts';
import { imageForLocation } from './home-images.ts';
import { ImagePreview, ManagerPage, PageTitle } from './ImageKit.tsx';
import ImageUpload from './ImageUpload.tsx';
import {
  type AdminSiteImage,
  CATEGORY_LABELS,
  EMPTY_SITE_IMAGE_FORM,
  LOCATION_LABELS,
  type SiteImageField,
  type SiteImageForm,
  siteImageToForm,
  validateSiteImage,
} from './image-ui.ts';
import { imagesApi, refreshPublicSiteImages } from './images.api.ts';

/** /site-image-manager (admin.md §2, §3, §4): every site image, and a form to add or edit one. */
export default function SiteImageManager() {
  return (
    <ManagerPage
      heading={
        <PageTitle title="Site Image Manager">
          Banners, deal and category images across the site. Where several active images share a location, the newest one is shown.
        </PageTitle>
      }
    >
      <Manager />
    </ManagerPage>
  );
}

type Errors = Partial<Record<SiteImageField, string>>;

function Manager() {
  const { state, reload, update } = useAdminData(() => imagesApi.siteImages(), 'Failed to fetch site images');
  const [editing, setEditing] = useState<AdminSiteImage | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.status === 'error') showToast({ title: 'Failed to fetch site images', description: state.message, variant: 'destructive' });
  }, [state]);

  if (state.status === 'loading') return <Loading label="Loading site images…" />;
  if (state.status === 'error') return <LoadError title="Failed to fetch site images" message={state.message} onRetry={reload} />;
  const images = state.data;

  const edit = (image: AdminSiteImage | null) => {
    setEditing(image);
    // The form is beside the list on wide screens and below it on narrow ones: bring it to the admin.
    requestAnimationFrame(() => {
      formHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      formHeading.current?.focus({ preventScroll: true });
    });
  };

  const saved = (image: AdminSiteImage, created: boolean) => {
    update((list) => (created ? [...list, image] : list.map((i) => (i.id === image.id ? image : i))));
    setEditing(created ? null : image);
  };

  const remove = async (image: AdminSiteImage) => {
    if (!window.confirm('Are you sure you want to delete this image?')) return;
    setDeleting(image.id);
    try {
      await imagesApi.deleteSiteImage(image.id);
      update((list) => list.filter((i) => i.id !== image.id));
      if (editing?.id === image.id) setEditing(null);
      await refreshPublicSiteImages();
      showToast({ title: 'Image deleted', description: `“${image.name}” was removed.` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        // Already gone (another admin, another tab): the list catches up.
        update((list) => list.filter((i) => i.id !== image.id));
      }
      if (!sessionEnded(err)) {
        showToast({ title: 'Failed to delete site image', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
      <section aria-labelledby="site-images-heading" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="site-images-heading" className="text-xl font-bold">
            All site images
          </h2>
          <p className="text-sm text-muted">
            {images.length === 1 ? '1 image' : `${images.length} images`}, {images.filter((i) => i.active).length} active
          </p>
        </div>
        {images.length === 0 ? (
          <p className="rounded-2xl border border-stone-200 bg-white p-6">No site images yet. Add the first one with the form.</p>
        ) : (
          <ul aria-labelledby="site-images-heading" className="grid gap-3 sm:grid-cols-2">
            {images.map((image) => (
              <ImageCard
                key={image.id}
                image={image}
                shown={image.active && image.location !== 'none' && imageForLocation(images, image.location)?.id === image.id}
                selected={editing?.id === image.id}
                deleting={deleting === image.id}
                onEdit={() => edit(image)}
                onDelete={() => void remove(image)}
              />
            ))}
          </ul>
        )}
      </section>

      <div className="lg:sticky lg:top-4">
        <SiteImageEditor
          key={editing?.id ?? 'new'}
          editing={editing}
          headingRef={formHeading}
          onSaved={saved}
          onCancel={() => edit(null)}
        />
      </div>
    </div>
  );
}

function ImageCard({
  image,
  shown,
  selected,
  deleting,
  onEdit,
  onDelete,
}: {
  image: AdminSiteImage;
  shown: boolean;
  selected: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      data-active={image.active}
      className={`flex flex-col gap-3 rounded-xl border bg-white p-3 ${selected ? 'border-brand-700 ring-2 ring-brand-700' : 'border-stone-200'} ${
        image.active ? '' : 'border-dashed bg-stone-50'
      }`}
    >
      <div className="flex gap-3">
        {/* Inactive images are dimmed; the text stays at full contrast. */}
        <div className={`shrink-0 ${image.active ? '' : 'opacity-40 grayscale'}`} data-testid="site-image-thumb">
          <ImagePreview src={image.url} alt="" width={112} height={80} className="h-20 w-28" />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p id={nameId} className="break-words font-semibold">
            {image.name}
          </p>
          <p className="text-sm text-muted">
            {CATEGORY_LABELS[image.category]} · {LOCATION_LABELS[image.location]}
          </p>
          <p className="flex flex-wrap gap-1.5">
            {image.active ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">Active</span>
            ) : (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Inactive</span>
            )}
            {shown && <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Shown</span>}
            {selected && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Editing</span>}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButton} onClick={onEdit} aria-label={`Edit ${image.name}`}>
          Edit
        </button>
        <button
          type="button"
          className={`${smallButton} text-red-800`}
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete ${image.name}`}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </li>
  );
}

function SiteImageEditor({
  editing,
  headingRef,
  onSaved,
  onCancel,
}: {
  editing: AdminSiteImage | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSaved: (image: AdminSiteImage, created: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const fid = (name: SiteImageField) => `${id}-${name}`;
  const [form, setForm] = useState<SiteImageForm>(editing ? siteImageToForm(editing) : EMPTY_SITE_IMAGE_FORM);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  // A new upload control after each add, so the last upload's preview does not linger.
  const [uploadKey, setUploadKey] = useState(0);

  const set = <K extends SiteImageField>(name: K, value: SiteImageForm[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, ...rest } = old;
      return rest;
    });
  };

  const showErrors = (errs: Errors) => {
    setErrors(errs);
    const order: SiteImageField[] = ['name', 'url', 'description', 'category', 'location', 'linkTo'];
    const first = order.find((f) => errs[f]);
    if (first) document.getElementById(fid(first))?.focus();
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const checked = validateSiteImage(form);
    if (!checked.ok) {
      showErrors(checked.fields);
      showToast({ title: checked.message, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const image = editing ? await imagesApi.updateSiteImage(editing.id, checked.value) : await imagesApi.createSiteImage(checked.value);
      onSaved(image, !editing);
      if (!editing) {
        setForm(EMPTY_SITE_IMAGE_FORM);
        setUploadKey((k) => k + 1);
      }
      await refreshPublicSiteImages();
      showToast({ title: 'Image saved', description: `“${image.name}” is ${image.active ? 'active' : 'saved as inactive'}.` });
    } catch (err) {
      if (sessionEnded(err)) return;
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) showErrors(err.fields as Errors);
      showToast({ title: 'Failed to save site image', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const text = (name: 'name' | 'linkTo' | 'url', label: string, hint?: string, optional = false) => (
    <Field id={fid(name)} label={label} error={errors[name]} hint={hint} optional={optional}>
      <input
        id={fid(name)}
        type="text"
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        autoComplete="off"
        spellCheck={name === 'name'}
        {...(name === 'name' ? {} : { inputMode: 'url' as const })}
        className={inputClass(Boolean(errors[name]))}
        {...describedBy(fid(name), errors[name], Boolean(hint))}
      />
    </Field>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="scroll-mt-4 text-xl font-bold">
          {editing ? 'Edit site image' : 'Add a site image'}
        </h2>
        {editing && <p className="mt-1 break-words text-sm text-muted">Editing “{editing.name}”.</p>}
      </div>
      <form method="post" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {text('name', 'Name')}
        <Field id={fid('description')} label="Description" error={errors.description} optional hint="Used as the image's alt text.">
          <textarea
            id={fid('description')}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            rows={2}
            className={inputClass(Boolean(errors.description))}
            {...describedBy(fid('description'), errors.description, true)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fid('category')} label="Category" error={errors.category}>
            <select
              id={fid('category')}
              value={form.category}
              onChange={(e) => set('category', e.target.value as SiteImageForm['category'])}
              className={inputClass(Boolean(errors.category))}
              {...describedBy(fid('category'), errors.category)}
            >
              {SITE_IMAGE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={fid('location')} label="Location" error={errors.location}>
            <select
              id={fid('location')}
              value={form.location}
              onChange={(e) => set('location', e.target.value as SiteImageForm['location'])}
              className={inputClass(Boolean(errors.location))}
              {...describedBy(fid('location'), errors.location)}
            >
              {SITE_IMAGE_LOCATIONS.map((l) => (
                <option key={l} value={l}>
                  {LOCATION_LABELS[l]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {text('linkTo', 'Link target', 'Where a click on the image goes: /deals or an https:// address.', true)}
        <div className="flex items-center gap-2">
          <input
            id={fid('active')}
            type="checkbox"
            checked={form.active}
            onChange={(e) => set('active', e.target.checked)}
            className="h-5 w-5 accent-brand-700"
          />
          <label htmlFor={fid('active')} className="font-semibold">
            Active
          </label>
          <span className="text-sm text-muted">(inactive images are kept but not shown)</span>
        </div>

        <fieldset className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold">Image</legend>
          <ImageUpload key={uploadKey} onUploaded={(url) => set('url', url)} disabled={saving} />
          {text('url', 'Image URL', 'Filled in by an upload, or a path on this site (/...) or an https:// address.')}
          <ImagePreview
            key={form.url.trim()}
            src={form.url.trim()}
            alt={form.description.trim() || form.name.trim() || 'Preview'}
            width={400}
            height={250}
            className="w-full"
            emptyText="Upload an image or enter its URL to preview it here."
          />
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Image'}
          </button>
          {editing && (
            <button type="button" className={secondaryButton} onClick={onCancel} disabled={saving}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
