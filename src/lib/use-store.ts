import type { ReadableAtom } from 'nanostores';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * A nanostore's value as React state, re-rendering when it changes. `ssr` gives the value for the
 * server render and for hydration, so the first client render matches the pre-rendered HTML while
 * the store already holds what only the browser knows.
 *
 * The snapshot is read once per render and kept: a computed store read without listeners may give
 * a new object each time, which useSyncExternalStore would take for a change on every read.
 */
export function useStore<T>(store: ReadableAtom<T>, { ssr }: { ssr?: () => T } = {}): T {
  const snapshot = useRef<T>(store.get());
  snapshot.current = store.get();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const take = (value: T) => {
        if (snapshot.current === value) return;
        snapshot.current = value;
        onChange();
      };
      // It may have changed between the render and this subscription.
      take(store.get());
      return store.listen(take);
    },
    [store],
  );
  const get = () => snapshot.current;
  return useSyncExternalStore(subscribe, get, ssr ?? get);
}
