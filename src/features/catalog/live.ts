/**
 * Live refresh of built data (D2, D6): pages are built with the catalogue of their build, and their
 * islands ask the API for the live one on load. Most refreshes find nothing new; keeping the objects
 * already shown then lets React skip drawing them again (otherwise a category page redraws every
 * card in one long task).
 */

/** The fresh list, with the very object already shown for every product that did not change. */
export function keepUnchanged<T extends { id: number }>(shown: readonly T[], fresh: readonly T[]): T[] {
  const before = new Map(shown.map((p) => [p.id, p]));
  return fresh.map((p) => keepIfUnchanged(before.get(p.id), p));
}

/** `shown` itself when `fresh` has the same fields and values (React then draws nothing again). */
export function keepIfUnchanged<T extends object>(shown: T | null | undefined, fresh: T): T {
  if (!shown) return fresh;
  const keys = Object.keys(shown) as (keyof T)[];
  if (keys.length !== Object.keys(fresh).length) return fresh;
  const same = keys.every((k) => shown[k] === fresh[k] || JSON.stringify(shown[k]) === JSON.stringify(fresh[k]));
  return same ? shown : fresh;
}
