import { lazy, Suspense, useState } from 'react';
import { useCartOpen } from './cart.hooks.tsx';

/** The dialog and its contents (with the limit meter and quantity steppers): fetched on the first open. */
const Panel = lazy(() => import('./CartDrawerPanel.tsx'));

/**
 * The cart drawer (§2, §4, D3), rendered once by the store layout and opened through $cartOpen by
 * the header button (or checkout). Until it first opens it draws nothing, so the page looks the same
 * before and after; once opened, the panel stays mounted and follows $cartOpen itself.
 */
export default function CartDrawer() {
  const open = useCartOpen();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  ) : null;
}
