import { useSyncExternalStore } from 'react';
import { $favoriteSet, toggleFavorite } from './favorites.store.ts';

const listen = (onChange: () => void) => $favoriteSet.listen(onChange);
const notFavorite = () => false;

/** The heart: a toggle button kept in local storage (D8). */
export default function FavoriteButton({ productId, name, className = '' }: { productId: number; name: string; className?: string }) {
  // Local storage is unknown to the build, so hydration draws what the HTML shows (not a favourite);
  // React then draws again only the hearts whose answer differs, not every heart of the list.
  const favorite = useSyncExternalStore(listen, () => $favoriteSet.get().has(productId), notFavorite);
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
      onClick={() => toggleFavorite(productId)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-rose-700 shadow-sm ring-1 ring-stone-200 hover:bg-rose-50 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        aria-hidden="true"
        fill={favorite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
