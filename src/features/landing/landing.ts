/**
 * Marketing landing pages (storefront.md §2 'Landing pages'): every word the four pages say, in one
 * place. Facts (phone, hours, cut-off, claims, price range, payment) come from the settings module
 * (D24, D25). No medical claims and nothing aimed at anyone under 21.
 */
import { SITE, type UsStateCode } from '../site/settings.ts';

export interface Blurb {
  readonly title: string;
  readonly text: string;
}

export interface StateLanding {
  readonly code: UsStateCode;
  /** Full state name as the settings module spells it. */
  readonly stateName: string;
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly heading: string;
  readonly intro: string;
  /** The 16 served areas, in the spec's order. */
  readonly areas: readonly string[];
  /** What each area is in schema.org terms. */
  readonly areaType: 'Place' | 'City';
  /**
   * The city USPS gives the ZIP codes that serve an area, where that is not the area's own name: a
   * neighbourhood, or a place whose mail goes through another town's post office. The service-area
   * test (tests/api/service-area.test.ts) checks the areas against the shipped zones' ZIP codes and
   * the ZIP dataset with it (D31).
   */
  readonly postalCities: Readonly<Record<string, string>>;
  readonly benefits: readonly [Blurb, Blurb, Blurb];
  readonly ctaHeading: string;
  readonly ctaText: string;
}

function state(code: UsStateCode) {
  const s = SITE.states.find((x) => x.code === code);
  if (!s) throw new Error(`No state ${code} in SITE.states`);
  return s;
}

const ratingLine = `Rated ${SITE.claims.rating}/5 by ${SITE.claims.reviewCount} customers`;

function benefitsFor(where: string): [Blurb, Blurb, Blurb] {
  return [
    {
      title: 'Same-Day Delivery',
      text: `Order before ${SITE.sameDayCutoff} and we deliver the same day across ${where}. Delivery hours: ${SITE.deliveryHours}.`,
    },
    {
      title: 'Lab-Tested Products',
      text: 'Flower, edibles, pre-rolls, vaporizers and concentrates from licensed growers and makers, with THC and CBD content on every product page.',
    },
    {
      title: 'Discreet & Cash on Delivery',
      text: `Unmarked packaging and a friendly driver who checks ID (${SITE.minimumAge}+). ${SITE.payment} only: no card needed.`,
    },
  ];
}

/** The DC page's areas, in the spec's order: neighbourhoods, not towns. */
const DC_AREAS = [
  'Capitol Hill',
  'Georgetown',
  'Dupont Circle',
  'Adams Morgan',
  'Shaw',
  'Logan Circle',
  'Foggy Bottom',
  'Penn Quarter',
  'Navy Yard',
  'H Street Corridor',
  'Columbia Heights',
  'Petworth',
  'Chinatown',
  'Downtown DC',
  'Southwest DC',
  'Northeast DC',
] as const;

const DC = state('DC');
const MD = state('MD');
const VA = state('VA');

export const STATE_LANDINGS: Readonly<Record<UsStateCode, StateLanding>> = {
  DC: {
    code: 'DC',
    stateName: DC.name,
    path: DC.landing,
    title: `DC Cannabis Dispensary | Same-Day Weed Delivery in Washington DC | ${SITE.name}`,
    description: `Cannabis delivery across Washington DC: Capitol Hill, Georgetown, Dupont Circle, Navy Yard and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
    keywords: [
      'DC cannabis dispensary',
      'weed delivery DC',
      'Washington DC dispensary',
      'cannabis delivery Washington DC',
      'dispensary near me DC',
    ],
    heading: 'Washington DC Cannabis Delivery',
    intro: `Lab-tested flower, edibles, pre-rolls and more, delivered to your door anywhere in the District. ${ratingLine}.`,
    areas: DC_AREAS,
    areaType: 'Place',
    // Neighbourhoods of the District, whose ZIP codes all carry the city name Washington.
    postalCities: Object.fromEntries(DC_AREAS.map((area) => [area, 'Washington'])),
    benefits: benefitsFor('Washington DC'),
    ctaHeading: 'Ready to order in DC?',
    ctaText: `Call us ${SITE.supportHours} and we will help you choose, or order online in a few minutes.`,
  },
  MD: {
    code: 'MD',
    stateName: MD.name,
    path: MD.landing,
    title: `Maryland Cannabis Dispensary | Weed Delivery in Baltimore, Bethesda & More | ${SITE.name}`,
    description: `Cannabis delivery in Maryland: Baltimore, Rockville, Silver Spring, Bethesda, Annapolis and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
    keywords: [
      'Maryland cannabis dispensary',
      'weed delivery Maryland',
      'Baltimore dispensary',
      'cannabis delivery Silver Spring',
      'dispensary near me Maryland',
    ],
    heading: 'Maryland Cannabis Delivery',
    intro: `From Baltimore to Bethesda, get lab-tested cannabis delivered to your door. ${ratingLine}.`,
    areas: [
      'Baltimore',
      'Rockville',
      'Silver Spring',
      'Bethesda',
      'Gaithersburg',
      'Frederick',
      'Annapolis',
      'College Park',
      'Greenbelt',
      'Hyattsville',
      'Takoma Park',
      'Wheaton',
      'Bowie',
      'Laurel',
      'Columbia',
      'Germantown',
    ],
    areaType: 'City',
    // Wheaton is not a USPS city: its ZIP codes, 20902 among them, carry the city name Silver Spring.
    postalCities: { Wheaton: 'Silver Spring' },
    benefits: benefitsFor('Maryland'),
    ctaHeading: 'Ready to order in Maryland?',
    ctaText: `Call us ${SITE.supportHours} and we will help you choose, or order online in a few minutes.`,
  },
  VA: {
    code: 'VA',
    stateName: VA.name,
    path: VA.landing,
    title: `Virginia Cannabis Dispensary | Weed Delivery in Arlington, Alexandria & More | ${SITE.name}`,
    description: `Cannabis delivery in Virginia: Alexandria, Arlington, Richmond, Virginia Beach, Fairfax and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
    keywords: [
      'Virginia cannabis dispensary',
      'weed delivery Virginia',
      'Arlington dispensary',
      'cannabis delivery Alexandria',
      'dispensary near me Virginia',
    ],
    heading: 'Virginia Cannabis Delivery',
    intro: `From Northern Virginia to Hampton Roads, get lab-tested cannabis delivered to your door. ${ratingLine}.`,
    areas: [
      'Alexandria',
      'Arlington',
      'Virginia Beach',
      'Norfolk',
      'Richmond',
      'Newport News',
      'Chesapeake',
      'Portsmouth',
      'Suffolk',
      'Hampton',
      'Fairfax',
      'Reston',
      'McLean',
      'Falls Church',
      'Annandale',
      'Springfield',
    ],
    areaType: 'City',
    postalCities: {},
    benefits: benefitsFor('Virginia'),
    ctaHeading: 'Ready to order in Virginia?',
    ctaText: `Call us ${SITE.supportHours} and we will help you choose, or order online in a few minutes.`,
  },
};

/** How many example cities the near-me page shows per state. */
export const NEAR_ME_EXAMPLES = 5;

export const NEAR_ME = {
  path: '/dispensary-near-me',
  title: `Dispensary Near Me | Same-Day Cannabis Delivery in DC, MD & VA | ${SITE.name}`,
  description: `Looking for a dispensary near you? ${SITE.name} delivers cannabis to ${SITE.claims.cities} cities in Washington DC, Maryland and Virginia. Order before ${SITE.sameDayCutoff} for same-day delivery. Adults ${SITE.minimumAge}+, cash on delivery.`,
  keywords: [
    'dispensary near me',
    'weed delivery near me',
    'cannabis delivery near me',
    'dispensary open now',
    'same-day cannabis delivery',
  ],
  heading: 'Dispensary Near Me',
  intro: `Skip the trip: ${SITE.name} brings lab-tested cannabis to your door across Washington DC, Maryland and Virginia. ${ratingLine}.`,
  orderLabel: 'Order Now - Same Day Delivery',
  features: [
    {
      title: `${SITE.claims.cities} Cities`,
      text: `We deliver to ${SITE.claims.cities} cities and neighborhoods across DC, Maryland and Virginia.`,
    },
    { title: 'Open 7 Days', text: `Delivery hours: ${SITE.deliveryHours}. Phone support ${SITE.supportHours}.` },
    { title: 'Same-Day Delivery', text: `Order before ${SITE.sameDayCutoff} and your order arrives the same day.` },
  ] as const satisfies readonly Blurb[],
  /** Service areas: each state with its first five areas and a link to its landing page. */
  serviceAreas: SITE.states.map((s) => ({
    code: s.code,
    name: s.name,
    // storefront.md §2: /{state lowercased}-cannabis-dispensary, so DC -> /dc-cannabis-dispensary.
    href: s.landing,
    examples: STATE_LANDINGS[s.code].areas.slice(0, NEAR_ME_EXAMPLES),
  })),
  phrasesHeading: 'What people search for',
  phrases: [
    'dispensary near me',
    'weed delivery near me',
    'cannabis delivery near me',
    'marijuana dispensary near me',
    'dispensary open now',
    'same-day weed delivery',
    'recreational dispensary near me',
    'cannabis delivery DC',
    'weed delivery Maryland',
    'cannabis delivery Virginia',
  ],
  ctaHeading: 'Your nearest dispensary is a phone call away',
  ctaText: `Call ${SITE.phone} (${SITE.supportHours}) or order online. ${SITE.payment}; adults ${SITE.minimumAge}+ with valid ID.`,
} as const;

export interface LocalBusinessOptions {
  /** Absolute URL of the page. */
  url: string;
  description: string;
  /** Served areas: states or places within one. */
  areaServed: readonly { '@type': string; name: string }[];
  /** The page's state, for the address; omitted on pages that cover all three. */
  region?: UsStateCode;
}

/** LocalBusiness structured data for a landing page (priceRange from settings, cash only). */
export function localBusinessJsonLd(o: LocalBusinessOptions): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: SITE.name,
    description: o.description,
    url: o.url,
    telephone: SITE.phone,
    email: SITE.email,
    priceRange: SITE.priceRange,
    openingHours: SITE.deliveryHoursSchema,
    paymentAccepted: 'Cash',
    currenciesAccepted: 'USD',
    areaServed: o.areaServed,
    ...(o.region ? { address: { '@type': 'PostalAddress', addressRegion: o.region, addressCountry: 'US' } } : {}),
  };
}

/** BreadcrumbList: Home, then the page (absolute URLs). */
export function breadcrumbJsonLd(origin: string, items: readonly { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...items].map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.path, origin).href,
    })),
  };
}

/** Structured data for one state page. */
export function stateJsonLd(origin: string, page: StateLanding): Record<string, unknown>[] {
  const url = new URL(page.path, origin).href;
  return [
    localBusinessJsonLd({
      url,
      description: page.description,
      areaServed: [
        { '@type': page.code === 'DC' ? 'City' : 'State', name: page.stateName },
        ...page.areas.map((name) => ({ '@type': page.areaType, name })),
      ],
      region: page.code,
    }),
    breadcrumbJsonLd(origin, [{ name: `${page.stateName} Dispensary`, path: page.path }]),
  ];
}

/** Structured data for the near-me page. */
export function nearMeJsonLd(origin: string): Record<string, unknown>[] {
  return [
    localBusinessJsonLd({
      url: new URL(NEAR_ME.path, origin).href,
      description: NEAR_ME.description,
      areaServed: SITE.states.map((s) => ({ '@type': s.code === 'DC' ? 'City' : 'State', name: s.name })),
    }),
    breadcrumbJsonLd(origin, [{ name: 'Dispensary Near Me', path: NEAR_ME.path }]),
  ];
}
