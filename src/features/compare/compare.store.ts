/**
 * The compare selection: product ids persisted in local storage under 'compare' (validated on read)
 * and kept in step across tabs. Islands import this; the server never does.
 */
import { persistentAtom } from '@nanostores/persistent';
import { useStore } from '../../lib/use-store.ts';
import { addToCompare, COMPARE_STORAGE_KEY, parseCompareIds, removeFromCompare } from './compare.ts';

export const $compare = persistentAtom<number[]>(COMPARE_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return parseCompareIds(JSON.parse(raw));
    } catch {
      // JSON.parse throws only on text that is not JSON: a damaged entry is an empty list.
      return [];
    }
  },
});

export const compare = {
  add(id: number) {
    $compare.set(addToCompare($compare.get(), id));
  },
  remove(id: number) {
    $compare.set(removeFromCompare($compare.get(), id));
  },
  /** Drops ids the catalogue no longer has, so they do not hold a place. */
  forget(ids: readonly number[]) {
    if (ids.length > 0) $compare.set($compare.get().filter((id) => !ids.includes(id)));
  },
};

const NONE: number[] = [];

/**
 * The selection as React state. The page is pre-rendered with nothing selected, so hydration reads
 * this empty snapshot first and then re-renders with the stored ids (see cart.hooks.tsx).
 */
export function useCompareIds(): number[] {
  return useStore($compare, { ssr: () => NONE });
}
