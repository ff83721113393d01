import { cartDrawerPanel } from '../../components/store/on-demand-parts.ts';
import { useOnDemand } from '../../components/ui/on-demand.ts';
import { useCartOpen } from './cart.hooks.tsx';
import { $cartOpen } from './cart.store.ts';

const giveUp = () => $cartOpen.set(false);

/**
 * The cart drawer (§2, §4, D3), rendered once by the store layout and opened through $cartOpen by
 * the header button (or checkout). Until it first opens it is only this: the dialog and its contents
 * (CartDrawerPanel, with the limit meter and quantity steppers) are fetched on demand, usually
 * already on the way since the pointer reached or focus landed on the cart button. Nothing of the
 * closed drawer shows, so the page looks the same before and after. A failed fetch closes it again,
 * so the next press retries.
 */
export default function CartDrawer() {
  const open = useCartOpen();
  const Panel = useOnDemand(cartDrawerPanel, open, giveUp)?.default;
  return Panel ? <Panel /> : null;
}
