/**
 * The islands every storefront page hydrates, from one module: each island's module is an entry of
 * its own to the bundler, so these would each ship as a separate file (with what they share split
 * into more). From one module they come as one file, while each keeps its own place in the layout.
 * That file comes with the page, so the layout hydrates them on load: client:idle would put off a
 * little work but save no download. What it buys shows in `npm run weigh` (first-load JS and its
 * module count on every storefront page).
 */
export { default as MobileMenu, ProductsMenu } from '../components/store/MobileMenu.tsx';
export { default as Toaster } from '../components/ui/Toaster.tsx';
export { default as CartButton } from '../features/cart/CartButton.tsx';
export { default as CartDrawer } from '../features/cart/CartDrawer.tsx';
export { default as AgeGate } from '../features/compliance/AgeGate.tsx';
export { default as HeaderSearch } from '../features/search/HeaderSearch.tsx';
