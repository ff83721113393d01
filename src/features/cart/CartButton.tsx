import { useCartTotals } from './cart.hooks.tsx';
import { $cartOpen } from './cart.store.ts';

/** The header's cart button with its item-count badge (§2); it opens the cart drawer. */
export default function CartButton() {
  const { itemCount } = useCartTotals();
  const label = `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="relative rounded-md p-2 text-brand-900 hover:bg-brand-50"
      onClick={() => $cartOpen.set(true)}
    >
      <span className="sr-only">{label}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>
      {itemCount > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-semibold text-white"
        >
          {itemCount > 99 ? '99+' : itemCount}
        </span>
      )}
    </button>
  );
}
