/**
 * Marketing landing pages (storefront.md §2 'Landing pages'): every word the four pages say, in one
 * place. Facts (phone, hours, cut-off, claims, price range, payment) come from the settings module
 * (D24, D25); what a state allows comes from its row of data (D38), so a state page says what the
 * state allows on the day it is rendered: a sales page where adults 21+ may buy, a sales page for
 * registered patients where only they may, and information with no way to order where nobody may
 * yet. No medical claims and nothing aimed at anyone under 21.
 */
import type { RuleSource, StateSales, TaxBase } from '../../db/state-values.ts';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { longDate, PATIENTS_NEED, patientsHeading } from '../delivery/states.ts';
import { SITE, type UsStateCode } from '../site/settings.ts';
import { type StateStatus, statusLine } from './state-status.ts';

export interface Blurb {
  readonly title: string;
  readonly text: string;
}

/** A state's page as far as it does not depend on what the state allows: its address, places and keywords. */
export interface StatePlace {
  readonly code: UsStateCode;
  /** Full state name as the settings module spells it. */
  readonly stateName: string;
  /** The name in titles and short phrases: 'DC', 'Maryland'. */
  readonly shortName: string;
  readonly path: string;
  readonly keywords: readonly string[];
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
  /** The page's own head and hero words while the state sells to adults 21+. */
  readonly adult: { readonly title: string; readonly description: string; readonly intro: string };
}

function state(code: UsStateCode) {
  const s = SITE.states.find((x) => x.code === code);
  if (!s) throw new Error(`No state ${code} in SITE.states`);
  return s;
}

const ratingLine = `Rated ${SITE.claims.rating}/5 by ${SITE.claims.reviewCount} customers`;

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

export const STATE_LANDINGS: Readonly<Record<UsStateCode, StatePlace>> = {
  DC: {
    code: 'DC',
    stateName: DC.name,
    shortName: 'DC',
    path: DC.landing,
    keywords: [
      'DC cannabis dispensary',
      'weed delivery DC',
      'Washington DC dispensary',
      'cannabis delivery Washington DC',
      'dispensary near me DC',
    ],
    areas: DC_AREAS,
    areaType: 'Place',
    // Neighbourhoods of the District, whose ZIP codes all carry the city name Washington.
    postalCities: Object.fromEntries(DC_AREAS.map((area) => [area, 'Washington'])),
    adult: {
      title: `DC Cannabis Dispensary | Same-Day Weed Delivery in Washington DC | ${SITE.name}`,
      description: `Cannabis delivery across Washington DC: Capitol Hill, Georgetown, Dupont Circle, Navy Yard and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
      intro: `Lab-tested flower, edibles, pre-rolls and more, delivered to your door anywhere in the District. ${ratingLine}.`,
    },
  },
  MD: {
    code: 'MD',
    stateName: MD.name,
    shortName: 'Maryland',
    path: MD.landing,
    keywords: [
      'Maryland cannabis dispensary',
      'weed delivery Maryland',
      'Baltimore dispensary',
      'cannabis delivery Silver Spring',
      'dispensary near me Maryland',
    ],
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
    adult: {
      title: `Maryland Cannabis Dispensary | Weed Delivery in Baltimore, Bethesda & More | ${SITE.name}`,
      description: `Cannabis delivery in Maryland: Baltimore, Rockville, Silver Spring, Bethesda, Annapolis and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
      intro: `From Baltimore to Bethesda, get lab-tested cannabis delivered to your door. ${ratingLine}.`,
    },
  },
  VA: {
    code: 'VA',
    stateName: VA.name,
    shortName: 'Virginia',
    path: VA.landing,
    keywords: [
      'Virginia cannabis dispensary',
      'weed delivery Virginia',
      'Arlington dispensary',
      'cannabis delivery Alexandria',
      'dispensary near me Virginia',
    ],
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
    adult: {
      title: `Virginia Cannabis Dispensary | Weed Delivery in Arlington, Alexandria & More | ${SITE.name}`,
      description: `Cannabis delivery in Virginia: Alexandria, Arlington, Richmond, Virginia Beach, Fairfax and more. Same-day delivery when you order before ${SITE.sameDayCutoff}. Adults ${SITE.minimumAge}+, cash on delivery.`,
      intro: `From Northern Virginia to Hampton Roads, get lab-tested cannabis delivered to your door. ${ratingLine}.`,
    },
  },
};

/** The landing page of a path, if it is one. */
export const placeAt = (path: string): StatePlace | undefined => Object.values(STATE_LANDINGS).find((p) => p.path === path);

/** What a state page reads of the state's row: its status today, its tax lines and where its rules come from. */
export interface LandingState extends StateStatus {
  /** As GET /api/states answers them: percent, not basis points. */
  taxes: readonly { name: string; percent: number; appliesTo: TaxBase }[];
  /** Where the sales rule and the opening date come from, as the owner recorded them. */
  sources?: Partial<Record<'sales' | 'opensOn', RuleSource>>;
}

/** A state page as it is rendered today. */
export interface StateLandingView {
  readonly code: UsStateCode;
  readonly stateName: string;
  readonly sales: StateSales;
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  /** The page's name in the breadcrumb (and its structured data). */
  readonly crumb: string;
  readonly heading: string;
  readonly intro: string;
  /** Who may order, under the intro; null where nobody may yet. */
  readonly audience: string | null;
  /** The order button's label; null where nobody may order yet. */
  readonly orderLabel: string | null;
  /** The state's taxes as checkout adds them, one sentence; null without any. */
  readonly tax: string | null;
  /** A patients-only state: who may buy, how to register, and what to bring. */
  readonly patients: {
    readonly heading: string;
    readonly text: string;
    readonly registerHeading: string;
    readonly steps: readonly string[];
    readonly need: string;
  } | null;
  /** What the law says, from the state's recorded sources; null on a page that sells to adults. */
  readonly law: { readonly heading: string; readonly lines: readonly string[] } | null;
  readonly areas: { readonly heading: string; readonly text: string; readonly list: readonly string[]; readonly type: 'Place' | 'City' };
  /** The three benefit blurbs of a sales page; null where nobody may order yet. */
  readonly benefits: readonly [Blurb, Blurb, Blurb] | null;
  /** The other states' pages with what each allows today. */
  readonly others: { readonly heading: string; readonly states: readonly { name: string; href: string; line: string }[] };
  readonly ctaHeading: string;
  readonly ctaText: string;
}

const TAX_ON: Record<TaxBase, string> = { goods: 'to the goods', fee: 'to the delivery fee', both: 'to the goods and the delivery fee' };

/** "The 12% Maryland cannabis sales and use tax is added to the goods at checkout.", one sentence per tax line. */
export function taxSentence(taxes: LandingState['taxes']): string | null {
  if (taxes.length === 0) return null;
  return taxes.map((t) => `The ${t.percent}% ${t.name} is added ${TAX_ON[t.appliesTo]} at checkout.`).join(' ');
}

/**
 * How to register where only registered patients may buy. DC's program is named as its regulator
 * names it; a state without its own words here gets the plain general step.
 */
const REGISTRATION: Partial<Record<UsStateCode, readonly string[]>> = {
  DC: [
    `Adults ${SITE.minimumAge} and older can self-certify: register online with the Medical Cannabis Program of the District's Alcoholic Beverage and Cannabis Administration (ABCA).`,
    'Caregivers register with the same program, for the patient they care for.',
  ],
};

function benefitsFor(sales: 'adult' | 'patients', where: string): [Blurb, Blurb, Blurb] {
  const who = sales === 'patients' ? ' to registered patients and caregivers' : '';
  return [
    {
      title: 'Same-Day Delivery',
      text: `Order before ${SITE.sameDayCutoff} and we deliver the same day${who} across ${where}. Delivery hours: ${SITE.deliveryHours}.`,
    },
    {
      title: 'Lab-Tested Products',
      text: 'Flower, edibles, pre-rolls, vaporizers and concentrates from licensed growers and makers, with THC and CBD content on every product page.',
    },
    {
      title: 'Discreet & Cash on Delivery',
      text:
        sales === 'patients'
          ? `Unmarked packaging and a friendly driver who checks your registry card and ID. ${SITE.payment} only.`
          : `Unmarked packaging and a friendly driver who checks ID (${SITE.minimumAge}+). ${SITE.payment} only: no card needed.`,
    },
  ];
}

/** "No licensed retail sales: ... (checked November 28, 2026)." */
function sourceLine(source: RuleSource): string {
  const text = source.source.trim().replace(/[.\s]+$/, '');
  return `${text} (checked ${longDate(source.checkedOn)}${source.toConfirm ? '; to be confirmed' : ''}).`;
}

/**
 * The state page of `place` for what `state` allows on the New York date `today`; `all` are every
 * state's rows (the others are linked with their own status). `state.sales` is already resolved
 * for today (publicState).
 */
export function stateLanding(place: StatePlace, state: LandingState, all: readonly StateStatus[], today: string): StateLandingView {
  const { sales, name } = state;
  const callText = `Call us ${SITE.supportHours} and we will help you choose, or order online in a few minutes.`;
  const others = {
    heading: sales === 'closed' ? 'Where we deliver now' : 'What the other states allow',
    states: all.flatMap((s) => {
      const page = SITE.states.find((x) => x.code === s.code);
      return s.code === place.code || !page ? [] : [{ name: s.name, href: page.landing, line: statusLine(s, today) }];
    }),
  };
  const base = {
    code: place.code,
    stateName: place.stateName,
    sales,
    path: place.path,
    keywords: place.keywords,
    crumb: `${place.stateName} Dispensary`,
    others,
  };

  if (sales === 'closed') {
    const opens =
      state.opensOn != null && state.opensOn > today ? `Sales open on ${longDate(state.opensOn)}.` : 'No opening date is set yet.';
    const cant = `We can't deliver to ${name} yet`;
    const sources = [state.sources?.sales, state.sources?.opensOn].filter((s): s is RuleSource => s != null);
    return {
      ...base,
      title: `${place.shortName} Cannabis Dispensary | Delivery Not Open Yet | ${SITE.name}`,
      description: `${cant}. ${opens} Read what the law says, where we will deliver once sales open, and where we deliver now.`,
      heading: cant,
      intro: `${opens} Until ${name}'s sales open we take no orders for delivery there; this page will say what we offer the day they do.`,
      audience: null,
      orderLabel: null,
      tax: null,
      patients: null,
      law: {
        heading: 'What the law says',
        lines: [`${name} does not allow us to sell or deliver cannabis there yet.`, ...sources.map(sourceLine)],
      },
      areas: {
        heading: 'Where we will deliver once sales open',
        text: `The places in ${name} our delivery zones cover. Nothing is delivered there until sales open.`,
        list: place.areas,
        type: place.areaType,
      },
      benefits: null,
      ctaHeading: `Questions about ${name}?`,
      ctaText: `Call us ${SITE.supportHours}.`,
    };
  }

  const sells = {
    ...base,
    heading: `${place.stateName} Cannabis Delivery`,
    orderLabel: 'Order Delivery Now',
    tax: taxSentence(state.taxes),
    benefits: benefitsFor(sales, place.stateName),
    ctaHeading: `Ready to order in ${place.shortName}?`,
    ctaText: callText,
  };

  if (sales === 'patients') {
    const heading = patientsHeading(state);
    return {
      ...sells,
      title: `${place.shortName} Cannabis Dispensary | Delivery for Registered Medical Patients | ${SITE.name}`,
      description: `Cannabis delivery in ${place.stateName} for registered medical patients and caregivers: ${place.areas.slice(0, 3).join(', ')} and more. Same-day when you order before ${SITE.sameDayCutoff}. Cash on delivery.`,
      intro: `Lab-tested flower, edibles, pre-rolls and more, delivered to registered medical patients and caregivers across ${place.stateName}. ${ratingLine}.`,
      audience: `For registered medical patients and caregivers, ${SITE.minimumAge}+, with the registry card and a valid ID. ${SITE.payment} only.`,
      patients: {
        heading,
        text: `${name} law lets us deliver only to patients and caregivers registered in a medical cannabis program.`,
        registerHeading: `How to register in ${place.shortName}`,
        steps: REGISTRATION[place.code] ?? [`Register with ${name}'s medical cannabis program, as a patient or as a caregiver.`],
        need: PATIENTS_NEED,
      },
      law: state.sources?.sales ? { heading: 'What the law says', lines: [sourceLine(state.sources.sales)] } : null,
      areas: {
        heading: `Areas We Serve in ${place.stateName}`,
        text: `Same-day delivery for registered patients when you order before ${SITE.sameDayCutoff}. Delivery hours: ${SITE.deliveryHours}.`,
        list: place.areas,
        type: place.areaType,
      },
    };
  }

  return {
    ...sells,
    ...place.adult,
    audience: `For adults ${SITE.minimumAge}+ with valid ID. ${SITE.payment} only.`,
    patients: null,
    law: null,
    areas: {
      heading: `Areas We Serve in ${place.stateName}`,
      text: `Same-day delivery when you order before ${SITE.sameDayCutoff}. Delivery hours: ${SITE.deliveryHours}.`,
      list: place.areas,
      type: place.areaType,
    },
  };
}

/**
 * How long a state page may be kept at most, in seconds from `now`: until the New York midnight
 * that begins the next opening date of any state it shows (its own, or another's status line),
 * when the page changes without a write; null when no state opens on a later date.
 */
export function secondsUntilNextOpening(states: readonly Pick<StateStatus, 'opensOn'>[], today: string, now: number): number | null {
  const next = states
    .map((s) => s.opensOn)
    .filter((d): d is string => d != null && d > today)
    .sort()[0];
  if (next == null) return null;
  const opensAt = fromNyWallTime(`${next}T00:00`);
  return opensAt.ok ? Math.max(1, Math.ceil((opensAt.ms - now) / 1000)) : null;
}

/** How many example cities the near-me page shows per state. */
export const NEAR_ME_EXAMPLES = 5;

/**
 * The near-me page is a static file, and what each state allows changes without a release: it says
 * only what held when it was written and sends shoppers to each state's page (rendered on request)
 * for what the state allows today; its service-area cards read each state's line from the API.
 */
export const NEAR_ME = {
  path: '/dispensary-near-me',
  title: `Dispensary Near Me | Same-Day Cannabis Delivery in Maryland & DC | ${SITE.name}`,
  description: `Looking for a dispensary near you? ${SITE.name} delivers cannabis in Maryland to adults ${SITE.minimumAge}+ and in DC to registered medical patients. Same-day before ${SITE.sameDayCutoff}. Cash on delivery.`,
  keywords: [
    'dispensary near me',
    'weed delivery near me',
    'cannabis delivery near me',
    'dispensary open now',
    'same-day cannabis delivery',
  ],
  heading: 'Dispensary Near Me',
  intro: `Skip the trip: ${SITE.name} brings lab-tested cannabis to your door in Maryland and, for registered medical patients, in Washington DC. ${ratingLine}.`,
  audience: `For adults ${SITE.minimumAge}+ with valid ID; in DC, for registered medical patients and caregivers. ${SITE.payment} only.`,
  orderLabel: 'Order Now - Same Day Delivery',
  features: [
    {
      title: 'Where We Deliver',
      text: `Maryland for adults ${SITE.minimumAge}+, Washington DC for registered medical patients, and Virginia once its sales open. Each state's page says what it allows today.`,
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
  ctaText: `Call ${SITE.phone} (${SITE.supportHours}) or order online. ${SITE.payment}; a valid ID at the door.`,
} as const;

export interface LocalBusinessOptions {
  /** Absolute URL of the page. */
  url: string;
  description: string;
  /** Served areas: states or places within one; none on a page that may not claim any. */
  areaServed?: readonly { '@type': string; name: string }[];
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
    ...(o.areaServed?.length ? { areaServed: o.areaServed } : {}),
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

/**
 * Structured data for one state page: where the state sells (to adults or to registered patients)
 * the business serves the state and its places; where nobody may buy yet it claims no area there.
 */
export function stateJsonLd(origin: string, page: StateLandingView): Record<string, unknown>[] {
  const url = new URL(page.path, origin).href;
  const serves = page.sales !== 'closed';
  return [
    localBusinessJsonLd({
      url,
      description: page.description,
      ...(serves
        ? {
            areaServed: [
              { '@type': page.code === 'DC' ? 'City' : 'State', name: page.stateName },
              ...page.areas.list.map((name) => ({ '@type': page.areas.type, name })),
            ],
            region: page.code,
          }
        : {}),
    }),
    breadcrumbJsonLd(origin, [{ name: page.crumb, path: page.path }]),
  ];
}

/**
 * Structured data for the near-me page. It is a static file and what each state allows changes
 * without a release, so it names no served area: each state's page (rendered on request) does.
 */
export function nearMeJsonLd(origin: string): Record<string, unknown>[] {
  return [
    localBusinessJsonLd({ url: new URL(NEAR_ME.path, origin).href, description: NEAR_ME.description }),
    breadcrumbJsonLd(origin, [{ name: 'Dispensary Near Me', path: NEAR_ME.path }]),
  ];
}
