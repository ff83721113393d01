/**
 * Header and footer navigation (storefront.md §2 Header, Footer). D11: every entry is a real route or
 * a section that exists (/#products and /#about are sections of the home page).
 */
import { SITE } from './settings.ts';

export interface NavLink {
  readonly label: string;
  readonly href: string;
}

/** The six top-level categories, in the order the home page shows them. */
export const CATEGORY_LINKS = [
  { label: 'Flower', href: '/categories/flower' },
  { label: 'Edibles', href: '/categories/edible' },
  { label: 'Pre-rolls', href: '/categories/pre-roll' },
  { label: 'Vaporizers', href: '/categories/vaporizer' },
  { label: 'Concentrates', href: '/categories/concentrate' },
  { label: 'Accessories', href: '/categories/accessories' },
] as const satisfies readonly NavLink[];

/** The header's Products dropdown. */
export const PRODUCT_MENU = [...CATEGORY_LINKS, { label: 'All Products', href: '/#products' }] as const satisfies readonly NavLink[];

/** The header's links around the Products dropdown (which sits after Home). */
export const MAIN_NAV = [
  { label: 'Home', href: '/' },
  { label: 'Deals', href: '/deals' },
  { label: 'About', href: '/#about' },
  { label: 'Contact', href: '/contact' },
] as const satisfies readonly NavLink[];

/** The small-screen menu: everything the header offers, in one list. */
export const MOBILE_NAV: readonly NavLink[] = [...MAIN_NAV.slice(0, 1), ...PRODUCT_MENU, ...MAIN_NAV.slice(1)];

/** Footer "Shop" column: the categories and the deals. */
export const FOOTER_SHOP: readonly NavLink[] = [
  ...CATEGORY_LINKS,
  { label: 'Deals', href: '/deals' },
  { label: 'Search', href: '/search' },
  { label: 'Compare Products', href: '/compare' },
  { label: 'Product Dashboard', href: '/dashboard' },
  { label: 'Cannabis Knowledge AI', href: '/ai' },
];

/** Footer "About" column: the state landing pages and the near-me page. */
/** The footer's Customer Service links: the contact page, then the shop's phone and e-mail. */
export const FOOTER_SERVICE: readonly NavLink[] = [
  { href: '/contact', label: 'Contact Us' },
  { href: SITE.phoneHref, label: SITE.phone },
  { href: `mailto:${SITE.email}`, label: SITE.email },
];

export const FOOTER_ABOUT: readonly NavLink[] = [
  ...SITE.states.map((s) => ({ label: `${s.name} Dispensary`, href: s.landing })),
  { label: 'Dispensary Near Me', href: '/dispensary-near-me' },
];
