import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { IconDisclosure } from '../ui/DisclosureButton.tsx';

interface Link {
  label: string;
  href: string;
}

/**
 * Closes an open menu on Escape (focus back to its button), on a press outside it, and when the page
 * is shown again from the back/forward cache (the visitor navigated away with it open).
 */
function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, focusOnEscape?: () => void) {
  // A native <details> opens before React hears of it (its toggle event comes a task later), so
  // the listeners stay attached and ask the element too: a press right after opening still counts.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const isOpen = () => {
      const el = container.current;
      return openRef.current || (el instanceof HTMLDetailsElement && el.open);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !isOpen()) return;
      close();
      focusOnEscape?.();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (isOpen() && !container.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pageshow', close);
    window.addEventListener('hashchange', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pageshow', close);
      window.removeEventListener('hashchange', close);
    };
  }, [close, container, focusOnEscape]);
}

/** The small-screen navigation. Closes on navigation (a link click or hash change), Escape and outside presses. */
export default function MobileMenu({ links }: { links: readonly Link[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const focusButton = useCallback(() => button.current?.focus(), []);
  useDismiss(open, close, root, focusButton);

  return (
    <div ref={root} className="md:hidden">
      <IconDisclosure
        buttonRef={button}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        controls={panelId}
        className="rounded-md p-2 text-brand-900 hover:bg-brand-50"
        label={{ closed: 'Open menu', open: 'Close menu' }}
        iconPath="M4 7h16M4 12h16M4 17h16"
      />
      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-200 bg-white shadow-lg"
      >
        <ul className="flex flex-col p-4">
          {links.map((l) => (
            <li key={l.href + l.label}>
              <a className="block rounded-md px-3 py-2 text-base font-medium hover:bg-brand-50" href={l.href} onClick={close}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The header's Products dropdown for wider screens. It stays a <details>, so it opens without JS;
 * once hydrated it also closes on Escape, on a press outside it, when focus leaves it and on
 * choosing a link (which <details> alone does not do).
 */
export function ProductsMenu({ links }: { links: readonly Link[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    // The element may be open before its toggle event has reached React's state.
    if (root.current) root.current.open = false;
  }, []);
  const focusSummary = useCallback(() => root.current?.querySelector('summary')?.focus(), []);
  useDismiss(open, close, root, focusSummary);

  return (
    <details
      ref={root}
      open={open}
      className="relative"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        Products
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </summary>
      <ul className="absolute left-0 z-50 mt-2 w-52 rounded-md border border-stone-200 bg-white p-2 shadow-lg">
        {links.map((l) => (
          <li key={l.href}>
            <a className="block rounded px-3 py-2 hover:bg-brand-50" href={l.href} onClick={close}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
