import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The 'Added to Cart!' confirmation (§4): true for `ms` after `confirm()`, then false again and
 * `onDone` runs. A pending timer is cleared when the component goes away.
 */
export function useAddedConfirmation(ms: number, onDone?: () => void): [boolean, () => void] {
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => () => clearTimeout(timer.current), []);
  const confirm = useCallback(() => {
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setAdded(false);
      done.current?.();
    }, ms);
  }, [ms]);
  return [added, confirm];
}

interface Props {
  inStock: boolean;
  /** False when the chosen option cannot be bought (no weight, no price). */
  canAdd: boolean;
  added: boolean;
  onAdd: () => void;
  /** The product's name element, so 'Add to Cart' is read with the product it adds. */
  describedBy?: string;
  /** When given, screen readers hear '{name} added to cart' after an add (a polite status). */
  productName?: string;
  className?: string;
}

/**
 * 'Add to Cart' / 'Added to Cart!' / 'Out of Stock'. While the confirmation shows, the button is
 * aria-disabled rather than disabled, so keyboard focus stays on it instead of falling to the page.
 */
export default function AddToCartButton({ inStock, canAdd, added, onAdd, describedBy, productName, className = '' }: Props) {
  const unavailable = !inStock || !canAdd;
  return (
    <>
      <button
        type="button"
        disabled={unavailable}
        aria-disabled={added || undefined}
        aria-describedby={describedBy}
        onClick={() => {
          if (!added) onAdd();
        }}
        className={`rounded-lg px-4 py-2 font-semibold text-white transition disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700 ${
          added ? 'cursor-default bg-brand-800' : 'bg-brand-700 hover:bg-brand-800'
        } ${className}`}
      >
        {!inStock ? 'Out of Stock' : added ? 'Added to Cart!' : 'Add to Cart'}
      </button>
      {productName !== undefined && (
        <span role="status" className="sr-only">
          {added ? `${productName} added to cart` : ''}
        </span>
      )}
    </>
  );
}
