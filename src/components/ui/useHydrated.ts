import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders and while React hydrates, true afterwards. Islands whose content
 * depends on what only the browser knows (the admin's session) render a neutral placeholder until
 * then, so the first client render matches the pre-rendered HTML. For an island's root, which
 * hydrates: a component first mounted on the client also starts at false and draws once more.
 *
 * The switch is a transition, so React may draw what it reveals in short tasks. The former
 * useSyncExternalStore flag (server snapshot false, client true) made React draw it again at once in
 * one synchronous task (the whole checkout form, when it used this: ~40 ms at 4x CPU, issue 10).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
