/**
 * The one settings module (D3, D24): every figure a page or the server states about the shop.
 * Components and handlers import from here; none of these values is written anywhere else.
 */
export const SITE = {
  name: 'Greenline Delivery',
  shortName: 'Greenline',
  // Every page, most of them static files, says these, so they claim only what each state's law
  // allowed when written (D38): a state opening later makes them incomplete, never false. Each
  // state's page, rendered on request, says what it allows today.
  tagline: 'Cannabis delivery in Maryland for adults 21+ and in DC for registered medical patients',
  description:
    'Order lab-tested flower, edibles, pre-rolls, vaporizers and concentrates for same-day delivery in Maryland (adults 21+) and Washington DC (registered medical patients). Cash on delivery.',
  keywords: ['cannabis delivery', 'weed delivery DC', 'dispensary Maryland', 'dispensary Virginia', 'same-day cannabis delivery'],
  /** Production origin; a build can override it with SITE_URL. */
  url: 'https://greenlinedelivery.com',
  phone: '(202) 555-0142',
  phoneHref: 'tel:+12025550142',
  email: 'support@greenlinedelivery.com',
  /** Delivery hours (D24). */
  deliveryHours: 'Monday - Sunday: 9:00 AM - 9:00 PM',
  deliveryHoursSchema: 'Mo-Su 09:00-21:00',
  /** Phone support hours (D24, admin.md Contact Us). */
  supportHours: 'Monday-Sunday 8am-11pm EST',
  /** The seeded schedule's last window starts at 5 PM and closes 60 minutes before (D36). */
  sameDayCutoff: '4PM',
  states: [
    { code: 'DC', name: 'Washington DC', landing: '/dc-cannabis-dispensary' },
    { code: 'MD', name: 'Maryland', landing: '/maryland-cannabis-dispensary' },
    { code: 'VA', name: 'Virginia', landing: '/virginia-cannabis-dispensary' },
  ],
  claims: { rating: 4.8, reviewCount: 127, cities: '50+' },
  priceRange: '$15-$300',
  /** D25: the only payment accepted, and the only one named on pages. */
  payment: 'Cash on delivery',
  minimumAge: 21,
} as const;

/** D3: the default delivery fee and free-delivery threshold, in cents. Tax is each state's data (D38). */
export const PRICING = {
  deliveryFeeCents: 999,
  freeDeliveryThresholdCents: 5000,
} as const;

export type UsStateCode = (typeof SITE.states)[number]['code'];

/** A 5-digit ZIP code (D12); the valibot schema (compliance/zip.ts), the zones and the islands test with it. */
export const ZIP_PATTERN = /^\d{5}$/;

export function stateName(code: UsStateCode): string {
  return SITE.states.find((s) => s.code === code)?.name ?? code;
}

/** §9 delivery times: ASAP (the default, D12) or a part of the day; the windows themselves are data (D36). */
export const DELIVERY_WINDOWS = [
  { value: 'asap', label: 'ASAP', detail: 'Next open window today' },
  { value: 'morning', label: 'Morning', detail: '9am-12pm' },
  { value: 'afternoon', label: 'Afternoon', detail: '12pm-5pm' },
  { value: 'evening', label: 'Evening', detail: '5pm-9pm' },
] as const;

export const CATALOG = {
  featuredCount: 4,
  relatedCount: 4,
  categoryPlaceholderCount: 6,
} as const;
