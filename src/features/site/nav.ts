/** Header and footer navigation (storefront.md §2 Header, Footer). */
export const PRODUCT_MENU = [
  { label: 'Flower', href: '/categories/flower' },
  { label: 'Edibles', href: '/categories/edible' },
  { label: 'Pre-rolls', href: '/categories/pre-roll' },
  { label: 'Vaporizers', href: '/categories/vaporizer' },
  { label: 'Concentrates', href: '/categories/concentrate' },
  { label: 'Accessories', href: '/categories/accessories' },
  { label: 'All Products', href: '/#products' },
] as const;

export const MAIN_NAV = [
  { label: 'Home', href: '/' },
  { label: 'Deals', href: '/deals' },
  { label: 'About', href: '/#about' },
  { label: 'Contact', href: '/contact' },
] as const;
