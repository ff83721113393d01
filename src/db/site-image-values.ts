/** Site image categories and locations (admin.md §3), shared by the schema and the managers. */
export const SITE_IMAGE_CATEGORIES = ['banner', 'deal', 'category', 'promotional'] as const;
export const SITE_IMAGE_LOCATIONS = [
  'home_hero',
  'home_featured',
  'home_cta',
  'home_products',
  'home_about',
  'category_header',
  'hero_main',
  'hero_side',
  'featured_product',
  'about_section',
  'cta_banner',
  'none',
] as const;
export type SiteImageLocation = (typeof SITE_IMAGE_LOCATIONS)[number];

/** The simple manager's slots with their recommended sizes (admin.md §9). */
export const SIMPLE_SLOTS = [
  { location: 'hero_main', width: 600, height: 400 },
  { location: 'hero_side', width: 300, height: 400 },
  { location: 'featured_product', width: 600, height: 300 },
  { location: 'about_section', width: 500, height: 300 },
  { location: 'cta_banner', width: 800, height: 200 },
] as const;

/** The home page's locations (the home image manager). */
export const HOME_LOCATIONS = ['home_hero', 'home_featured', 'home_cta', 'home_products', 'home_about'] as const;
