/**
 * The islands every storefront page hydrates, from one module: each island's module is an entry of
 * its own to the bundler, so these would each ship as a separate file (with what they share split
 * into more). From one module they come as one file, while each keeps its own place in the layout
 * and its own client: directive.
 */
export { default as MobileMenu, ProductsMenu } from '../components/store/MobileMenu.tsx';
export { default as Toaster } from '../components/ui/Toaster.tsx';
export { default as CartButton } from '../features/cart/CartButton.tsx';
export { default as CartDrawer } from '../features/cart/CartDrawer.tsx';
export { default as AgeGate } from '../features/compliance/AgeGate.tsx';
export { default as HeaderSearch } from '../features/search/HeaderSearch.tsx';
