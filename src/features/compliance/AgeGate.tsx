import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { $cartOpen } from '../cart/cart.store.ts';
import { SITE } from '../site/settings.ts';
import { AGE_GATE_DELAY_MS, AGE_VERIFIED_KEY, UNDER_AGE_REDIRECT } from './age-gate.ts';

/** The element the layout renders the gate into; everything else in <body> is made inert. */
export const AGE_GATE_ROOT_ID = 'age-gate-root';
/** Same-tab signal for resetAgeVerification (the storage event only reaches other tabs). */
const RESET_EVENT = 'age-gate:reset';

function isVerified(): boolean {
  try {
    return localStorage.getItem(AGE_VERIFIED_KEY) === 'true';
  } catch {
    // Storage blocked (privacy mode): ask every time rather than let the visitor through.
    return false;
  }
}

/** Forgets the visitor's answer and shows the gate again (§4: the flag can be reset). */
export function resetAgeVerification(): void {
  try {
    localStorage.removeItem(AGE_VERIFIED_KEY);
  } catch {
    // Nothing stored, nothing to forget; the gate still reopens below.
  }
  window.dispatchEvent(new Event(RESET_EVENT));
}

/**
 * The page behind the gate: every child of <body> but the gate's root. The `inert` attribute takes
 * it out of the tab order, the accessibility tree and pointer events, so nothing behind is usable.
 */
function setPageInert(inert: boolean): void {
  for (const el of Array.from(document.body.children)) {
    if (el.id === AGE_GATE_ROOT_ID || !(el instanceof HTMLElement)) continue;
    el.inert = inert;
  }
}

/**
 * The blocking 21+ check (§2, §4). Not a native <dialog>: Chrome closes a modal dialog on a second
 * Escape whatever the page does, and this one must not close. The inline script in StoreLayout marks
 * <html data-age-gate="pending"> before first paint so the page is never usable before this mounts;
 * see docs/decisions/0007-age-gate.md.
 */
export default function AgeGate() {
  // Pre-rendered closed (the build cannot know the visitor); the first effect decides.
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = 'age-gate-title';
  const textId = 'age-gate-text';

  useEffect(() => {
    const sync = () => setOpen(!isVerified());
    // Verified between the inline check and now (another tab): nothing to hide any more.
    if (isVerified()) delete document.documentElement.dataset.ageGate;
    sync();
    const onStorage = (e: StorageEvent) => {
      // key null: the other tab cleared all of local storage.
      if (e.key === AGE_VERIFIED_KEY || e.key === null) sync();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(RESET_EVENT, sync);
    // A page restored from the back/forward cache may have been verified or reset meanwhile.
    window.addEventListener('pageshow', sync);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(RESET_EVENT, sync);
      window.removeEventListener('pageshow', sync);
    };
  }, []);

  // A layout effect, so the overlay is in the DOM before the page behind stops being hidden.
  useLayoutEffect(() => {
    if (!open) return;
    const html = document.documentElement;
    $cartOpen.set(false);
    setPageInert(true);
    // 'open' (no longer 'pending'): the overlay now covers the page, so the page itself need not be
    // hidden; a crawler that renders still finds the content under the gate.
    html.dataset.ageGate = 'open';
    dialog.current?.focus();
    const timer = window.setTimeout(() => setShown(true), AGE_GATE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setPageInert(false);
      delete html.dataset.ageGate;
      setShown(false);
    };
  }, [open]);

  if (!open) return null;

  function confirmAdult() {
    try {
      localStorage.setItem(AGE_VERIFIED_KEY, 'true');
    } catch {
      // Cannot remember the answer: let the visitor in for this page view anyway.
    }
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab') return;
    // Keep Tab inside the dialog: the page behind is inert, but the browser's own UI is not.
    const focusables = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]') ?? []);
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    const current = document.activeElement;
    if (e.shiftKey && (current === first || current === dialog.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && current === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-brand-900/95 p-4 backdrop-blur-md">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`w-full max-w-md rounded-2xl bg-white p-8 focus-visible:outline-none text-center shadow-2xl transition-opacity duration-300 motion-reduce:transition-none ${
          shown ? 'opacity-100' : 'opacity-0'
        }`}
      >
        <img src="/favicon.svg" alt="" width="48" height="48" className="mx-auto" />
        <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{SITE.name}</p>
        <h2 id={titleId} className="mt-4 text-2xl font-bold">
          Age Verification
        </h2>
        <p id={textId} className="mt-3 text-muted">
          You must be {SITE.minimumAge} years or older to enter this website.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => window.location.assign(UNDER_AGE_REDIRECT)}
            className="flex-1 rounded-lg border border-stone-300 px-4 py-3 font-semibold text-ink hover:bg-stone-100"
          >
            I'm under {SITE.minimumAge}
          </button>
          <button
            type="button"
            onClick={confirmAdult}
            className="flex-1 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
          >
            I'm {SITE.minimumAge} or older
          </button>
        </div>
      </div>
    </div>
  );
}
