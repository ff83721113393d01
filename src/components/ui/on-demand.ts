import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * A module the page fetches only when a shopper needs it (a dynamic import()): the cart drawer's
 * contents, the quick view, the search suggestions, the age-gate dialog. `preload()` starts the fetch
 * on intent (a pointer over or focus on the control that opens it), so opening stays instant. The
 * fetch happens at most once; a failed one is forgotten, so the next attempt retries.
 */
export interface OnDemand<T> {
  load(): Promise<T>;
  preload(): void;
  /** The module if it has already arrived; undefined before. */
  loaded(): T | undefined;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let module: T | undefined;
  const load = () => {
    pending ??= importer().then(
      (m) => {
        module = m;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  return {
    load,
    loaded: () => module,
    preload: () => {
      // Only a head start: whoever needs the module loads it again and handles a failure.
      load().catch(() => {});
    },
  };
}

/**
 * The module once `wanted` has been true and it has arrived; undefined until then (and during
 * hydration, which must render what the server rendered). It stays once loaded, so what it renders
 * can close and reopen without fetching again. `onError` runs when the fetch fails (offline, or a new
 * deployment removed the file): the caller gives up the request, so the next one retries.
 * `drawnByServer`: the server drew what the module draws (the search page's first results), so the
 * first render uses the module if it has already arrived, as hydration must match that HTML.
 */
export function useOnDemand<T>(mod: OnDemand<T>, wanted: boolean, onError?: () => void, drawnByServer = false): T | undefined {
  const [module, setModule] = useState<T | undefined>(() => (drawnByServer ? mod.loaded() : undefined));
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    mod.load().then(
      (m) => {
        // A transition: what the module draws (a page of cards, a dialog) may be split into short tasks.
        if (current) startTransition(() => setModule(() => m));
      },
      () => {
        if (current) failed.current?.();
      },
    );
    return () => {
      current = false;
    };
  }, [mod, wanted, module]);
  return module;
}
