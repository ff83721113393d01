import { lazy, Suspense, useEffect, useState } from 'react';
import { AGE_GATE_DELAY_MS, AGE_VERIFIED_KEY, clearStaticGate, UNDER_AGE_REDIRECT } from './age-gate.ts';

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

const marked = (flag: string | undefined) => flag === 'pending' || flag === 'static';

/** The dialog, fetched only for a visitor who must answer: a verified one never needs its code. */
const Dialog = lazy(() => import('./AgeGateDialog.tsx'));

/**
 * The blocking 21+ check (§2, §4): decides whether the visitor must answer, and follows the answer
 * across tabs and resets. The dialog (AgeGateDialog) is fetched only when it must show. Until it
 * mounts, <html data-age-gate="pending"> (set before first paint) keeps the page behind hidden, so
 * it is never usable first; see docs/decisions/0007-age-gate.md.
 */
export default function AgeGate() {
  // Pre-rendered closed (the build cannot know the visitor); the first effect decides.
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const html = document.documentElement;
    const sync = () => {
      const verified = isVerified();
      // Reset while the page is in use: hide it at once, as the inline script does, until the dialog
      // is up (it then says 'open'). Verified before it came up (the inline check was earlier, or
      // another tab answered): nothing to hide any more.
      if (!verified) html.dataset.ageGate ??= 'pending';
      else if (marked(html.dataset.ageGate)) {
        clearStaticGate(true);
        delete html.dataset.ageGate;
      }
      setOpen(!verified);
    };
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

  function confirmAdult() {
    try {
      localStorage.setItem(AGE_VERIFIED_KEY, 'true');
    } catch {
      // Cannot remember the answer: let the visitor in for this page view anyway.
    }
    setOpen(false);
  }

  return open ? (
    <Suspense fallback={null}>
      <Dialog fadeInDelayMs={AGE_GATE_DELAY_MS} onAdult={confirmAdult} onUnderAge={() => window.location.assign(UNDER_AGE_REDIRECT)} />
    </Suspense>
  ) : null;
}
