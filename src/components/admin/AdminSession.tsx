import { atom } from 'nanostores';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { StaffRole } from '../../db/delivery-values.ts';
import { useStore } from '../../lib/use-store.ts';
import Dialog from '../ui/Dialog.tsx';
import { showToast } from '../ui/toast.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { LoadError, Loading } from './AdminKit.tsx';
import AdminLogin from './AdminLogin.tsx';
import { adminApi } from './admin.api.ts';
import { errorMessage, isUnauthorized, LOGOUT_REDIRECT_MS } from './admin-ui.ts';

/**
 * The admin session as the islands of one page see it (admin.md §4). The top bar and the screen
 * share it, so the page asks the server once. `expired` marks a session that ended while the
 * admin was working: the screen stays and a sign-in dialog opens over it, so no edit is lost.
 */
export type AdminSessionState =
  | { status: 'checking' }
  | { status: 'signedIn'; email: string; role: StaffRole; generation: number }
  | { status: 'signedOut'; expired: boolean }
  | { status: 'unavailable'; message: string };

export const $adminSession = atom<AdminSessionState>({ status: 'checking' });

let probe: Promise<void> | null = null;
let generation = 0;

/** Asks the server who is signed in (once per page unless `again`). */
export function checkSession(again = false): Promise<void> {
  if (probe && !again) return probe;
  $adminSession.set({ status: 'checking' });
  probe = adminApi.me().then(
    (me) => (me.isLoggedIn ? markSignedIn(me.email ?? '', me.role) : $adminSession.set({ status: 'signedOut', expired: false })),
    (err: unknown) =>
      $adminSession.set(
        isUnauthorized(err)
          ? { status: 'signedOut', expired: false }
          : { status: 'unavailable', message: errorMessage(err, 'The server did not answer. Please try again.') },
      ),
  );
  return probe;
}

/** After a sign-in; a new generation tells the screens to load their data again. */
export function markSignedIn(email: string, role: StaffRole = 'admin'): void {
  generation += 1;
  $adminSession.set({ status: 'signedIn', email, role, generation });
}

/**
 * Call with any failed admin call's error: a 401 means the session is gone (returns true), and
 * the sign-in dialog opens over the screen.
 */
export function sessionEnded(err: unknown): boolean {
  if (!isUnauthorized(err)) return false;
  const was = $adminSession.get();
  $adminSession.set({ status: 'signedOut', expired: was.status === 'signedIn' || (was.status === 'signedOut' && was.expired) });
  return true;
}

/** The generation of the current sign-in (0 before any): a dependency for loading data. */
export function useSignInGeneration(): number {
  const session = useStore($adminSession);
  return session.status === 'signedIn' ? session.generation : 0;
}

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

/**
 * Loads a screen's data, again on reload() and after a new sign-in. Answers that arrive after a
 * newer request started are dropped, so a slow search never overwrites a quicker one.
 */
export function useAdminData<T>(load: () => Promise<T>, fallbackMessage: string, key = '') {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  const generation = useSignInGeneration();
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: key, nonce and generation are the reasons to load again.
  useEffect(() => {
    if (generation === 0) return;
    let current = true;
    loadRef.current().then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (err: unknown) => {
        if (!current || sessionEnded(err)) return;
        setState({ status: 'error', message: errorMessage(err, fallbackMessage) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, nonce, generation, fallbackMessage]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
    [],
  );
  return { state, reload, update };
}

/**
 * Shows its children to a signed-in admin. Signed out on arrival: the login form in their place
 * (the server sends page requests without a session to /admin-login; this is the fallback for a
 * session that ends between the page and its first call).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const session = useStore($adminSession);
  const titleId = useId();

  useEffect(() => {
    void checkSession();
  }, []);

  // The pre-rendered HTML knows nothing of the session; the first client render must match it.
  if (!hydrated || session.status === 'checking') return <Loading label="Checking your session…" />;
  if (session.status === 'unavailable') {
    return (
      <LoadError title="We could not check your session" message={session.message} onRetry={() => void checkSession(true)}>
        <a href="/admin-login" className="font-semibold text-brand-800 underline">
          Go to the login page
        </a>
      </LoadError>
    );
  }
  if (session.status === 'signedOut' && !session.expired) {
    return (
      <div className="mx-auto max-w-md">
        <AdminLogin onSignedIn={markSignedIn} />
      </div>
    );
  }
  const expired = session.status === 'signedOut';
  return (
    <>
      {children}
      <Dialog open={expired} onClose={() => window.location.assign('/admin-login')} labelledBy={titleId} className="sm:max-w-md">
        <div className="p-6">
          <AdminLogin
            onSignedIn={markSignedIn}
            headingLevel={2}
            titleId={titleId}
            title="Your session has ended"
            intro="Sign in again to continue where you left off."
          />
        </div>
      </Dialog>
    </>
  );
}

/** The top bar's part: who is signed in, and Logout. */
export default function AdminSession({ check = true }: { check?: boolean }) {
  const hydrated = useHydrated();
  const session = useStore($adminSession);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (check) void checkSession();
  }, [check]);

  if (!hydrated || session.status !== 'signedIn') return null;

  const logout = async () => {
    setBusy(true);
    try {
      await adminApi.logout();
    } catch (err) {
      // Already signed out is what the admin asked for; anything else is worth saying.
      if (!isUnauthorized(err)) {
        setBusy(false);
        showToast({ title: 'Logout failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
        return;
      }
    }
    showToast({ title: 'Logged out', description: 'You have been signed out.' });
    setTimeout(() => window.location.assign('/admin-login'), LOGOUT_REDIRECT_MS);
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm">
      <span className="min-w-0 truncate">
        <span className="sr-only">Signed in as </span>
        {session.email}
      </span>
      <button
        type="button"
        onClick={() => void logout()}
        disabled={busy}
        className="rounded-lg border border-white/60 px-3 py-1.5 font-semibold hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {busy ? 'Logging out...' : 'Logout'}
      </button>
    </div>
  );
}
