import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { LoadError, Loading, primaryButton } from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { imageForLocation } from './home-images.ts';
import { ImagePreview, ImageUrlField } from './ImageKit.tsx';
import ImageUpload from './ImageUpload.tsx';
import { type AdminSiteImage, type ImageSlot, slotImage, slotSaveInput, validateSiteImage } from './image-ui.ts';
import { imagesApi, refreshPublicSiteImages } from './images.api.ts';

/**
 * One card per location, each showing its image and replacing it in place (the simple and home
 * image managers, admin.md §2, §8, §9). Saving updates the image the location shows, or creates
 * one named after the slot.
 */
export default function ImageSlots({ slots }: { slots: readonly ImageSlot[] }) {
  const { state, reload, update } = useAdminData(() => imagesApi.siteImages(), 'Failed to fetch site images');

  useEffect(() => {
    if (state.status === 'error') showToast({ title: 'Failed to fetch site images', description: state.message, variant: 'destructive' });
  }, [state]);

  if (state.status === 'loading') return <Loading label="Loading images…" />;
  if (state.status === 'error') return <LoadError title="Failed to fetch site images" message={state.message} onRetry={reload} />;

  const saved = (image: AdminSiteImage) =>
    update((list) => (list.some((i) => i.id === image.id) ? list.map((i) => (i.id === image.id ? image : i)) : [...list, image]));

  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {slots.map((slot) => (
        <li key={slot.location} className="min-w-0">
          <SlotCard slot={slot} images={state.data} onSaved={saved} />
        </li>
      ))}
    </ul>
  );
}

function SlotCard({ slot, images, onSaved }: { slot: ImageSlot; images: AdminSiteImage[]; onSaved: (image: AdminSiteImage) => void }) {
  const id = useId();
  const urlId = `${id}-url`;
  const headingId = `${id}-heading`;
  const shown = imageForLocation(images, slot.location);
  const existing = slotImage(images, slot.location);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [uploadKey, setUploadKey] = useState(0);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!url.trim()) {
      setError('Please upload an image first');
      showToast({ title: 'Please upload an image first', variant: 'destructive' });
      return;
    }
    const checked = validateSiteImage(slotSaveInput(slot, url, existing));
    if (!checked.ok) {
      setError(checked.fields.url ?? checked.message);
      showToast({ title: 'Image information is incomplete', description: checked.message, variant: 'destructive' });
      document.getElementById(urlId)?.focus();
      return;
    }
    setSaving(true);
    try {
      const image = existing ? await imagesApi.updateSiteImage(existing.id, checked.value) : await imagesApi.createSiteImage(checked.value);
      onSaved(image);
      setUrl('');
      setUploadKey((k) => k + 1);
      await refreshPublicSiteImages();
      showToast({ title: 'Image saved', description: `${slot.label} now shows the new image.` });
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'Failed to save image', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex h-full flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          {slot.label}
        </h2>
        <p className="text-sm font-medium text-ink">
          Recommended: {slot.width}x{slot.height}
        </p>
        {slot.note && <p className="mt-1 text-sm text-muted">{slot.note}</p>}
      </div>

      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Current image</h3>
        {/* At most 18rem tall: a portrait slot gets a narrower preview, not a taller one. */}
        <div className="w-full" style={{ maxWidth: `${(18 * slot.width) / slot.height}rem` }}>
          <ImagePreview
            key={shown?.url ?? ''}
            src={shown?.url ?? ''}
            alt={shown ? shown.description || shown.name : ''}
            width={slot.width}
            height={slot.height}
            className="w-full"
            emptyText={existing ? 'The saved image is inactive. Saving a new one makes it active.' : 'No image yet.'}
          />
        </div>
        {shown && <p className="break-words text-sm text-muted">{shown.name}</p>}
      </div>

      <form method="post" onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
        <ImageUpload
          key={uploadKey}
          label="Upload a new image"
          onUploaded={(imageUrl) => {
            setUrl(imageUrl);
            setError(undefined);
          }}
          disabled={saving}
        />
        <ImageUrlField
          id={urlId}
          error={error}
          hint="Filled in by an upload, or a path on this site (/...) or an https:// address."
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
        />
        <div>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
