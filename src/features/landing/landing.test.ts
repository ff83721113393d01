import { describe, expect, it } from 'vitest';
import { PATIENTS_NEED } from '../delivery/states.ts';
import { SITE } from '../site/settings.ts';
import {
  type LandingState,
  NEAR_ME,
  NEAR_ME_EXAMPLES,
  nearMeJsonLd,
  STATE_LANDINGS,
  type StateLandingView,
  secondsUntilNextOpening,
  stateJsonLd,
  stateLanding,
} from './landing.ts';
import { STATUS_UNKNOWN, statusLine } from './state-status.ts';

const TODAY = '2026-11-28';
const checked = { checkedOn: '2026-11-28', toConfirm: false };

/** The states as the seeds have them (migrations 0020), as the landing page reads them. */
const MD: LandingState = {
  code: 'MD',
  name: 'Maryland',
  sales: 'adult',
  opensOn: '2023-07-01',
  taxes: [{ name: 'Maryland cannabis sales and use tax', percent: 12, appliesTo: 'goods' }],
  sources: { sales: { source: 'Cannabis Reform Act (2023): adult-use sales to adults 21+ from 1 July 2023', ...checked } },
};
const DC: LandingState = {
  code: 'DC',
  name: 'Washington DC',
  sales: 'patients',
  opensOn: null,
  taxes: [],
  sources: {
    sales: {
      source:
        "22-C DCMR \u00a75703.2: a dispensary may deliver only to a qualifying patient or caregiver registered in the District's medical program (or a non-resident qualifying patient with a valid card)",
      ...checked,
    },
  },
};
const VA: LandingState = {
  code: 'VA',
  name: 'Virginia',
  sales: 'closed',
  opensOn: null,
  taxes: [],
  sources: {
    sales: {
      source: 'No licensed retail sales: the 2026 retail market bill (identical to SB 542) allows none before 1 January 2027',
      ...checked,
    },
    opensOn: {
      source: 'Opening date not confirmed: the 2026 bill says not before 1 January 2027; a later start (1 July 2027) was proposed',
      checkedOn: '2026-11-28',
      toConfirm: true,
    },
  },
};
const ALL = [DC, MD, VA];
const page = (state: LandingState, all: readonly LandingState[] = ALL, today = TODAY) =>
  stateLanding(STATE_LANDINGS[state.code as 'DC' | 'MD' | 'VA'], state, all, today);
const views = [page(DC), page(MD), page(VA)];

/** Every word a view says about its own state (the other states' lines left out). */
const ownWords = (v: StateLandingView) => {
  const words = (x: unknown): string[] => (typeof x === 'string' ? [x] : x && typeof x === 'object' ? Object.values(x).flatMap(words) : []);
  return words({ ...v, others: v.others.heading }).join('\n');
};

describe('state landing pages (storefront.md §2, D38)', () => {
  it('each state page has 16 distinct areas, its settings path, and head copy unique to it', () => {
    for (const p of Object.values(STATE_LANDINGS)) {
      expect(p.areas, p.code).toHaveLength(16);
      expect(new Set(p.areas).size, p.code).toBe(16);
      expect(p.path).toBe(SITE.states.find((s) => s.code === p.code)?.landing);
    }
    const titles = [...views.map((v) => v.title), NEAR_ME.title];
    const descriptions = [...views.map((v) => v.description), NEAR_ME.description];
    expect(new Set(titles).size).toBe(4);
    expect(new Set(descriptions).size).toBe(4);
    // Every state page in each of the three kinds keeps a description a search result shows whole.
    for (const place of Object.values(STATE_LANDINGS)) {
      for (const sales of ['adult', 'patients', 'closed'] as const) {
        const v = stateLanding(place, { ...VA, code: place.code, name: place.stateName, sales }, ALL, TODAY);
        expect(v.description.length, `${place.code} ${sales}`).toBeLessThanOrEqual(200);
        expect(v.title, `${place.code} ${sales}`).toContain(`${place.shortName} Cannabis Dispensary`);
      }
    }
    expect(NEAR_ME.description.length).toBeLessThanOrEqual(200);
  });

  it('Maryland (adults 21+) is a sales page that names its 12% cannabis tax, from the data', () => {
    const md = page(MD);
    expect(md).toMatchObject({
      sales: 'adult',
      title: STATE_LANDINGS.MD.adult.title,
      heading: 'Maryland Cannabis Delivery',
      orderLabel: 'Order Delivery Now',
      audience: `For adults ${SITE.minimumAge}+ with valid ID. Cash on delivery only.`,
      tax: 'The 12% Maryland cannabis sales and use tax is added to the goods at checkout.',
      patients: null,
      law: null,
    });
    expect(md.benefits?.map((b) => b.title)).toEqual(['Same-Day Delivery', 'Lab-Tested Products', 'Discreet & Cash on Delivery']);
    expect(md.areas.heading).toBe('Areas We Serve in Maryland');
    // The tax is the data's: another rate or name shows as it is.
    expect(page({ ...MD, taxes: [{ name: 'cannabis tax', percent: 9, appliesTo: 'both' }] }).tax).toBe(
      'The 9% cannabis tax is added to the goods and the delivery fee at checkout.',
    );
  });

  it('DC (registered patients only) says so near the top, how to register, and what to bring', () => {
    const dc = page(DC);
    expect(dc.sales).toBe('patients');
    expect(dc.orderLabel).toBe('Order Delivery Now');
    expect(dc.audience).toMatch(/^For registered medical patients and caregivers/);
    expect(dc.tax).toBeNull();
    expect(dc.patients?.heading).toBe('DC: for registered medical patients');
    expect(dc.patients?.registerHeading).toBe('How to register in DC');
    const steps = dc.patients?.steps.join(' ') ?? '';
    expect(steps).toContain('self-certify');
    expect(steps).toContain(`Adults ${SITE.minimumAge} and older`);
    expect(steps).toContain("Medical Cannabis Program of the District's Alcoholic Beverage and Cannabis Administration (ABCA)");
    expect(steps).toContain('Caregivers register');
    // No address of the program's pages is given: the agency and its program are named instead.
    expect(steps).not.toMatch(/https?:|\.gov/);
    expect(dc.patients?.need).toBe(PATIENTS_NEED);
    expect(PATIENTS_NEED).toMatch(/registry number and its expiry date at checkout/);
    expect(PATIENTS_NEED).toMatch(/registry card with your ID at the door/);
    expect(dc.law?.lines[0]).toMatch(/^22-C DCMR \u00a75703\.2: .* \(checked November 28, 2026\)\.$/);
    expect(dc.benefits?.[0].text).toContain('to registered patients and caregivers');
    expect(dc.benefits?.[2].text).toContain('checks your registry card and ID');
    expect(dc.title).toContain('Registered Medical Patients');
    expect(dc.description).toContain('registered medical patients and caregivers');
    expect(dc.description).not.toMatch(/Adults 21\+/i);
  });

  it('Virginia (closed) is information only: no way to order, the law, the areas once sales open, and the other states', () => {
    const va = page(VA);
    expect(va).toMatchObject({
      sales: 'closed',
      heading: "We can't deliver to Virginia yet",
      orderLabel: null,
      audience: null,
      tax: null,
      patients: null,
      benefits: null,
      crumb: 'Virginia Dispensary',
    });
    expect(va.intro).toMatch(/^No opening date is set yet\. /);
    expect(va.description).toMatch(/^We can't deliver to Virginia yet\. No opening date is set yet\./);
    expect(va.law?.lines).toEqual([
      'Virginia does not allow us to sell or deliver cannabis there yet.',
      'No licensed retail sales: the 2026 retail market bill (identical to SB 542) allows none before 1 January 2027 (checked November 28, 2026).',
      'Opening date not confirmed: the 2026 bill says not before 1 January 2027; a later start (1 July 2027) was proposed (checked November 28, 2026; to be confirmed).',
    ]);
    expect(va.areas).toMatchObject({ heading: 'Where we will deliver once sales open', list: STATE_LANDINGS.VA.areas });
    expect(va.others).toEqual({
      heading: 'Where we deliver now',
      states: [
        { name: 'Washington DC', href: '/dc-cannabis-dispensary', line: 'DC: for registered medical patients.' },
        { name: 'Maryland', href: '/maryland-cannabis-dispensary', line: `Delivery to adults ${SITE.minimumAge}+ with valid ID.` },
      ],
    });
    const words = ownWords(va);
    expect(words).not.toMatch(/same[- ]day|order (now|delivery)|shop now|we deliver to/i);
    expect(va.ctaHeading).toBe('Questions about Virginia?');
  });

  it('Virginia with an opening date ahead names it, and becomes a sales page on that New York date', () => {
    const dated = { ...VA, opensOn: '2027-01-01' };
    expect(page(dated).heading).toBe("We can't deliver to Virginia yet");
    expect(page(dated).intro).toMatch(/^Sales open on January 1, 2027\. /);
    // The API resolves `sales` for the date (salesOn); the page then says what the row says.
    const open = page({ ...dated, sales: 'adult' }, ALL, '2027-01-01');
    expect(open).toMatchObject({ sales: 'adult', title: STATE_LANDINGS.VA.adult.title, orderLabel: 'Order Delivery Now' });
    expect(open.heading).toBe('Virginia Cannabis Delivery');
  });

  it('is kept no later than the New York midnight a state opens, so the page turns without a write', () => {
    const now = Date.parse('2026-12-31T23:00:00-05:00');
    expect(secondsUntilNextOpening([MD, DC, { ...VA, opensOn: '2027-01-01' }], '2026-12-31', now)).toBe(3600);
    expect(secondsUntilNextOpening(ALL, TODAY, now)).toBeNull();
  });

  it('says what each state allows in one line, the same on every page', () => {
    expect(statusLine(MD, TODAY)).toBe('Delivery to adults 21+ with valid ID.');
    expect(statusLine(DC, TODAY)).toBe('DC: for registered medical patients.');
    expect(statusLine(VA, TODAY)).toBe("We can't deliver to Virginia yet.");
    expect(statusLine({ ...VA, opensOn: '2027-01-01' }, TODAY)).toBe("We can't deliver to Virginia yet. Sales open on January 1, 2027.");
    expect(STATUS_UNKNOWN).toBe('See what each state allows.');
  });
});

describe('dispensary near me', () => {
  it('links each state to /{state lowercased}-cannabis-dispensary with five example cities', () => {
    expect(NEAR_ME.serviceAreas.map((s) => s.href)).toEqual([
      '/dc-cannabis-dispensary',
      '/maryland-cannabis-dispensary',
      '/virginia-cannabis-dispensary',
    ]);
    for (const s of NEAR_ME.serviceAreas) expect(s.examples).toHaveLength(NEAR_ME_EXAMPLES);
    expect(NEAR_ME.features).toHaveLength(3);
    expect(NEAR_ME.orderLabel).toBe('Order Now - Same Day Delivery');
  });

  it('claims no delivery in Virginia and no sales to any adult in DC', () => {
    const claims = JSON.stringify([NEAR_ME.title, NEAR_ME.description, NEAR_ME.intro, NEAR_ME.audience, NEAR_ME.ctaText]);
    expect(claims).not.toMatch(/Virginia|\bVA\b/);
    expect(NEAR_ME.audience).toContain('in DC, for registered medical patients');
    expect(NEAR_ME.features[0].text).toContain('Virginia once its sales open');
  });
});

describe('structured data', () => {
  it('a state that sells is a cash-only LocalBusiness serving the state and its areas, plus breadcrumbs', () => {
    const [business, crumbs] = stateJsonLd('https://example.com/', page(DC));
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      url: 'https://example.com/dc-cannabis-dispensary',
      telephone: SITE.phone,
      priceRange: '$15-$300',
      paymentAccepted: 'Cash',
      openingHours: SITE.deliveryHoursSchema,
      address: { addressRegion: 'DC' },
    });
    expect(((business?.areaServed ?? []) as { name: string }[]).map((a) => a.name)).toEqual(['Washington DC', ...STATE_LANDINGS.DC.areas]);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('a closed state claims no service area and no address there', () => {
    const [business, crumbs] = stateJsonLd('https://example.com/', page(VA));
    expect(business).toMatchObject({ '@type': 'LocalBusiness', url: 'https://example.com/virginia-cannabis-dispensary' });
    expect(business).not.toHaveProperty('areaServed');
    expect(business).not.toHaveProperty('address');
    expect(JSON.stringify(crumbs)).toContain('Virginia Dispensary');
  });

  it('the static near-me page names no served area', () => {
    const [business] = nearMeJsonLd('https://example.com/');
    expect(business).toMatchObject({ url: 'https://example.com/dispensary-near-me' });
    expect(business).not.toHaveProperty('areaServed');
  });
});

describe('the copy', () => {
  const all = JSON.stringify([views, NEAR_ME]);

  it('makes no medical claims, names no payment but cash, and says nothing aimed at minors', () => {
    expect(all).not.toMatch(/\b(cure|cures|treat|treats|treatment|heal|prevent|anxiety|insomnia)\b/i);
    expect(all).not.toMatch(/\b(credit|debit|visa|mastercard|paypal|apple pay)\b/i);
    expect(all).not.toMatch(/\b(kids?|teens?|candy|cartoon)\b/i);
  });

  it('speaks of patients only where a state sells to registered patients alone', () => {
    expect(ownWords(page(MD))).not.toMatch(/\b(medical|patients?)\b/i);
    expect(ownWords(page(VA))).not.toMatch(/\b(medical|patients?)\b/i);
  });
});
