/**
 * The storefront's parts that are fetched on demand rather than with the page (issue 10): each is
 * needed only once a shopper acts (opens the cart, a quick view, the header search) or only for some
 * visitors (the age-gate dialog for one not yet verified). They are declared together so the built
 * code holds one list of the files they need, not one copy per island.
 */
import { onDemand } from '../ui/on-demand.ts';

/**
 * The cart line's schema, to read the stored cart (cart.store.ts fetches it as the page starts): it
 * is the one part of a storefront page's start that needs valibot.
 */
export const cartSchema = onDemand(() => import('../../features/cart/cart.schema.ts'));

/** The cart drawer's dialog and contents (CartDrawer; CartButton preloads it on intent). */
export const cartDrawerPanel = onDemand(() => import('../../features/cart/CartDrawerPanel.tsx'));

/** The quick-view dialog of the product grids (ProductCards; a card's Quick View button preloads it). */
export const quickView = onDemand(() => import('../../features/catalog/QuickView.tsx'));

/** The header search's suggestions: lookup, cache and options (HeaderSearch). */
export const headerSuggestions = onDemand(() => import('../../features/search/HeaderSuggestions.tsx'));

/** The blocking 21+ dialog (AgeGate), for a visitor not yet verified. */
export const ageGateDialog = onDemand(() => import('../../features/compliance/AgeGateDialog.tsx'));

/** The search page's filter panel, closed until the shopper opens it (SearchPage; the Filters button preloads it). */
export const searchFilters = onDemand(() => import('../../features/search/SearchFilters.tsx'));

/**
 * The product cards of the search page's results: its HTML has only placeholders, so the cards'
 * code is fetched as the page starts, alongside the search request, rather than before hydration.
 */
export const searchResultCards = onDemand(() => import('../../features/catalog/ProductGrid.tsx'));
