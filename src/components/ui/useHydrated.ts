import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders and while React hydrates, true afterwards. Islands whose content
 * depends on what only the browser knows (the admin's session) render a neutral placeholder until
 * then, so the first client render matches the pre-rendered HTML. For an island's root, which
 * hydrates: a component first mounted on the client also starts at false and draws once more.
 *
 * The switch is a transition, so React may draw what it reveals in short tasks rather than in one
 * long synchronous task (a whole form drawn again at once blocks a phone's main thread).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
