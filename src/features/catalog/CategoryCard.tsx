import { useEffect, useId, useRef, useState } from 'react';
import type { ApiSubcategory } from './catalog.ts';

interface Props {
  name: string;
  slug: string;
  image: string | null;
  subcategories: readonly Pick<ApiSubcategory, 'id' | 'name'>[];
}

/**
 * §2 category card. The card always links to its category page; a category with subcategories
 * (Flower's strains) gets its own disclosure button for the dropdown list, so the link keeps
 * working for keyboard users and crawlers (the list's links are in the HTML, only hidden). The list
 * drops over the content below rather than stretching the whole row of cards.
 */
export default function CategoryCard({ name, slug, image, subcategories }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    // Escape closes the list and puts focus back on its button.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className="relative h-full">
      <div className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
        <a href={`/categories/${slug}`} className="group block flex-1 text-center">
          {image ? (
            <img
              src={image}
              alt=""
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full object-cover"
            />
          ) : (
            <span aria-hidden="true" className="block aspect-square w-full bg-gradient-to-br from-brand-100 to-brand-50" />
          )}
          <span className="block px-2 py-3 font-semibold text-ink group-hover:text-brand-700">{name}</span>
        </a>
        {subcategories.length > 0 && (
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className="flex w-full items-center justify-center gap-1 border-stone-200 border-t px-2 py-2 font-medium text-brand-700 text-sm hover:bg-brand-50"
          >
            {open ? 'Hide strains' : 'Show strains'}
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
              fill="currentColor"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
        )}
      </div>
      {subcategories.length > 0 && (
        <ul
          id={listId}
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 min-w-48 overflow-y-auto rounded-xl border border-stone-200 bg-white p-2 text-sm shadow-lg"
        >
          {subcategories.map((s) => (
            <li key={s.id}>
              <a href={`/subcategories/${s.id}/products`} className="block rounded px-2 py-1.5 hover:bg-brand-50 hover:text-brand-800">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
