import { type ReactNode, useEffect, useRef, useState } from 'react';
import { altText, type HomeImageSlot, imageForHomeLocation, type ShownImage, toShownImage } from './home-images.ts';

/** GET /api/site-images, once per page however many slots ask; null when it fails. */
let live: Promise<unknown[] | null> | undefined;
function liveSiteImages(): Promise<unknown[] | null> {
  live ??= fetch('/api/site-images', { headers: { accept: 'application/json' } })
    .then((res) => (res.ok ? res.json() : null))
    .then((body: unknown) => (Array.isArray(body) ? body : null))
    .catch(() => null);
  return live;
}

type Placed = { id: number; location: string; url: unknown };
const isPlaced = (x: unknown): x is Placed =>
  typeof x === 'object' && x !== null && typeof (x as Placed).id === 'number' && typeof (x as Placed).location === 'string';

interface Props extends HomeImageSlot {
  location: string;
  /** hero: the picture alone; card: picture beside its name, description and a call to action. */
  variant: 'hero' | 'card';
  /** card colours: light (white) or dark (brand green). */
  tone?: 'light' | 'dark';
  /** Drawn size (its aspect ratio is kept; any upload is cropped to it). */
  width: number;
  height: number;
  /** The hero is the largest thing above the fold: load it at once. */
  eager?: boolean;
  /** Shown only while an image is set (no built-in default). */
  optional?: boolean;
  /** On a dark background: a white focus ring keeps its contrast. */
  onDark?: boolean;
  /** The card's call to action. */
  action?: string;
  className?: string;
}

/**
 * One of the home page's site images. The page is built with the image the database had then; on
 * the shopper's browser this asks the API which image is active now and swaps it in, so a change
 * reaches the live page without a rebuild. An image that cannot be loaded falls back to the
 * built-in default, then to a gradient: the page never shows a broken image.
 */
export default function HomeSiteImage({
  location,
  initial,
  fallback,
  variant,
  tone = 'light',
  width,
  height,
  eager = false,
  optional = false,
  onDark = false,
  action = 'Learn more',
  className = '',
}: Props) {
  const [current, setCurrent] = useState<ShownImage | null>(initial);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    let active = true;
    void liveSiteImages().then((list) => {
      if (!active || !list) return;
      const found = imageForHomeLocation(list.filter(isPlaced), location);
      const next = found ? toShownImage(found) : null;
      setCurrent((old) => (same(old, next) ? old : next));
    });
    return () => {
      active = false;
    };
  }, [location]);

  const markFailed = (url: string | null) => {
    if (url) setFailed((set) => (set.has(url) ? set : new Set(set).add(url)));
  };

  // An image that failed before hydration fired its error event with no listener attached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's element is in question.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) markFailed(el.getAttribute('src'));
  }, []);

  const candidates = optional ? [current] : [current, fallback];
  const shown = candidates.find((c): c is ShownImage => c != null && !failed.has(c.url)) ?? null;
  if (optional && !shown) return null;

  const ratio = { aspectRatio: `${width} / ${height}` };
  const picture = shown ? (
    <img
      ref={img}
      key={shown.url}
      src={shown.url}
      alt={altText(shown)}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding={eager ? 'sync' : 'async'}
      onError={() => markFailed(shown.url)}
      className="block h-auto w-full object-cover"
      style={ratio}
    />
  ) : (
    <div aria-hidden="true" className="w-full bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900" style={ratio} />
  );

  if (variant === 'hero') {
    const box = `block overflow-hidden rounded-2xl shadow-xl ${onDark ? 'focus-visible:outline-white' : ''} ${className}`;
    return shown?.linkTo ? (
      <a href={shown.linkTo} className={box} data-site-image={location}>
        {picture}
      </a>
    ) : (
      <div className={box} data-site-image={location}>
        {picture}
      </div>
    );
  }

  const dark = tone === 'dark';
  const body: ReactNode = (
    <>
      {/* Wide banners take half the card; taller pictures a third, so the card stays short. */}
      <div className={`md:shrink-0 ${height / width > 0.5 ? 'md:w-2/5 lg:w-1/3' : 'md:w-1/2'}`}>{picture}</div>
      {shown && (
        <div className="flex flex-col justify-center gap-2 p-6">
          <p className={`text-xl font-bold md:text-2xl ${dark ? 'text-white' : 'text-ink'}`}>{shown.name}</p>
          {shown.description && <p className={dark ? 'text-brand-50' : 'text-muted'}>{shown.description}</p>}
          {shown.linkTo && (
            <span
              className={`mt-2 inline-flex w-fit items-center gap-1 rounded-lg px-4 py-2 font-semibold ${
                dark ? 'bg-white text-brand-900 group-hover:bg-brand-50' : 'bg-brand-700 text-white group-hover:bg-brand-800'
              }`}
            >
              {action} <span aria-hidden="true">→</span>
            </span>
          )}
        </div>
      )}
    </>
  );
  const card = `group flex flex-col overflow-hidden rounded-2xl border md:flex-row ${
    dark ? 'border-brand-900 bg-brand-900' : 'border-stone-200 bg-white'
  } ${className}`;
  return shown?.linkTo ? (
    <a href={shown.linkTo} className={`${card} hover:border-brand-600`} data-site-image={location}>
      {body}
    </a>
  ) : (
    <div className={card} data-site-image={location}>
      {body}
    </div>
  );
}

function same(a: ShownImage | null, b: ShownImage | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.url === b.url && a.name === b.name && a.description === b.description && a.linkTo === b.linkTo;
}
