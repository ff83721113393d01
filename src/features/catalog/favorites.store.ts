/** Favourite products (the heart), kept in local storage only (D8). */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const $favorites = persistentAtom<number[]>('favorites', [], {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
    } catch {
      // JSON.parse throws only on text that is not JSON: a damaged entry is an empty list.
      return [];
    }
  },
});

export const $favoriteSet = computed($favorites, (ids) => new Set(ids));

export function toggleFavorite(productId: number): void {
  const ids = $favorites.get();
  $favorites.set(ids.includes(productId) ? ids.filter((id) => id !== productId) : [...ids, productId]);
}
