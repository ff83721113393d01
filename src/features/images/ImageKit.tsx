/** Pieces the image managers share: the page's frame, the way back, a safe preview, the page heading and the URL field. */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { describedBy, Field, inputClass } from '../../components/admin/AdminKit.tsx';
import { AdminGate } from '../../components/admin/AdminSession.tsx';

export function BackToAdmin() {
  return (
    <p>
      <a href="/admin" className="inline-flex items-center gap-1 rounded font-semibold text-brand-800 hover:underline">
        <span aria-hidden="true">←</span> Back to Admin
      </a>
    </p>
  );
}

/** An image manager's page: the way back, its heading when it has one, then what only a signed-in admin sees. */
export function ManagerPage({ heading, children }: { heading?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <BackToAdmin />
      {heading}
      <AdminGate>{children}</AdminGate>
    </div>
  );
}

/** The field for an image's address, typed or filled in by an upload; typing clears its error. */
export function ImageUrlField({
  id,
  error,
  hint,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  error: string | undefined;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <Field id={id} label="Image URL" error={error} hint={hint}>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className={inputClass(Boolean(error))}
        {...describedBy(id, error, true)}
      />
    </Field>
  );
}

/** A link inside a page's introduction. */
export function IntroLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="font-semibold text-brand-800 underline hover:no-underline">
      {children}
    </a>
  );
}

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children && <p className="max-w-3xl text-muted">{children}</p>}
    </div>
  );
}

/**
 * An image preview that says so when the image cannot be loaded, instead of showing a broken
 * image. The error may fire before hydration, so the element is also checked on mount.
 */
export function ImagePreview({
  src,
  alt,
  width,
  height,
  className = '',
  emptyText = 'No image',
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  emptyText?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailed(img.getAttribute('src'));
  }, []);

  const box = `flex items-center justify-center rounded-lg border border-dashed border-stone-300 bg-stone-100 p-3 text-center text-sm text-muted ${className}`;
  if (!src) {
    return (
      <div className={box} style={{ aspectRatio: `${width} / ${height}` }}>
        {emptyText}
      </div>
    );
  }
  if (failed === src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': `${alt} (could not be loaded)` } : {})}
        className={box}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        Could not load image
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={`rounded-lg border border-stone-200 bg-stone-100 object-cover ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    />
  );
}
