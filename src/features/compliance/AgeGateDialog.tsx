import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import AgeGateCard from './AgeGateCard.tsx';
import { $ageGateUp, clearStaticGate, STATIC_GATE_CLASS } from './age-gate.ts';

/**
 * The page behind the gate: every child of <body> but the gate's root (AGE_GATE_ROOT_ID, the one
 * holding the gate). The `inert` attribute takes it out of the tab order, the accessibility tree and
 * pointer events, so nothing behind is usable.
 */
function setPageInert(gate: HTMLElement | null, inert: boolean): void {
  for (const el of Array.from(document.body.children)) {
    if (!(el instanceof HTMLElement) || (gate && el.contains(gate))) continue;
    // Only a change is written: the pre-hydration gate has made the page inert already, and each
    // write makes the browser restyle that element's whole subtree.
    if (el.inert !== inert) el.inert = inert;
  }
}

interface Props {
  /** The dialog fades in after this delay (§2: AGE_GATE_DELAY_MS). */
  fadeInDelayMs: number;
  /** 'I'm 21 or older': remember the answer and let the visitor in. */
  onAdult: () => void;
  /** 'I'm under 21': leave the site. */
  onUnderAge: () => void;
}

/**
 * The blocking 21+ check (§2, §4), shown while the visitor is not verified. Not a native <dialog>:
 * Chrome closes a modal dialog on a second Escape whatever the page does, and this one must not
 * close. AgeGate fetches this module only for a visitor the inline script in StoreLayout marked
 * <html data-age-gate="pending"> before first paint (that mark keeps the page hidden until this
 * mounts), or when verification is reset; see docs/decisions/0007-age-gate.md.
 */
export default function AgeGateDialog({ fadeInDelayMs, onAdult, onUnderAge }: Props) {
  // Already painted by the layout's pre-hydration copy (faded in there): no second fade-in.
  const [shown, setShown] = useState(() => document.querySelector(`.${STATIC_GATE_CLASS}`) != null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = 'age-gate-title';
  const textId = 'age-gate-text';

  // A layout effect, so the overlay is in the DOM before the page behind stops being hidden.
  useLayoutEffect(() => {
    const html = document.documentElement;
    const gate = dialog.current;
    $ageGateUp.set(true);
    setPageInert(gate, true);
    clearStaticGate(false);
    // 'open' (no longer 'pending'): the overlay now covers the page, so the page itself need not be
    // hidden; a crawler that renders still finds the content under the gate.
    html.dataset.ageGate = 'open';
    // Focus after the next frame: focusing needs the page's style and layout, which the changes
    // above have just made stale, so focusing here would redo them for the whole page inside this
    // task; in the frame the browser does that work in a task of its own.
    const frame = window.requestAnimationFrame(() => gate?.focus());
    const timer = window.setTimeout(() => setShown(true), fadeInDelayMs);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      setPageInert(gate, false);
      $ageGateUp.set(false);
      delete html.dataset.ageGate;
    };
  }, [fadeInDelayMs]);

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
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-brand-900/95 p-4">
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
        <AgeGateCard titleId={titleId} textId={textId} onAdult={onAdult} onUnderAge={onUnderAge} />
      </div>
    </div>
  );
}
