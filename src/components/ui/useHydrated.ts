import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while the server renders and while React hydrates, true afterwards. Islands whose content
 * depends on local storage (the cart) render a neutral placeholder until then, so the first client
 * render matches the pre-rendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
