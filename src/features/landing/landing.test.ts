import { describe, expect, it } from 'vitest';
import { SITE } from '../site/settings.ts';
import { NEAR_ME, NEAR_ME_EXAMPLES, nearMeJsonLd, STATE_LANDINGS, stateJsonLd } from './landing.ts';

const pages = Object.values(STATE_LANDINGS);
const allCopy = JSON.stringify([STATE_LANDINGS, NEAR_ME]);

describe('landing page data (storefront.md §2)', () => {
  it('each state page serves 16 distinct areas and has three benefits and unique head copy', () => {
    for (const p of pages) {
      expect(p.areas, p.code).toHaveLength(16);
      expect(new Set(p.areas).size, p.code).toBe(16);
      expect(p.benefits).toHaveLength(3);
      expect(p.path).toBe(SITE.states.find((s) => s.code === p.code)?.landing);
    }
    const titles = [...pages.map((p) => p.title), NEAR_ME.title];
    const descriptions = [...pages.map((p) => p.description), NEAR_ME.description];
    expect(new Set(titles).size).toBe(4);
    expect(new Set(descriptions).size).toBe(4);
    for (const d of descriptions) expect(d.length).toBeLessThanOrEqual(200);
  });

  it('near me links each state to /{state lowercased}-cannabis-dispensary with five example cities', () => {
    expect(NEAR_ME.serviceAreas.map((s) => s.href)).toEqual([
      '/dc-cannabis-dispensary',
      '/maryland-cannabis-dispensary',
      '/virginia-cannabis-dispensary',
    ]);
    for (const s of NEAR_ME.serviceAreas) expect(s.examples).toHaveLength(NEAR_ME_EXAMPLES);
    expect(NEAR_ME.features).toHaveLength(3);
    expect(NEAR_ME.orderLabel).toBe('Order Now - Same Day Delivery');
  });

  it('structured data is a cash-only LocalBusiness with the settings price range, plus breadcrumbs', () => {
    const dc = STATE_LANDINGS.DC;
    const [business, crumbs] = stateJsonLd('https://example.com/', dc);
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      url: 'https://example.com/dc-cannabis-dispensary',
      telephone: SITE.phone,
      priceRange: '$15-$300',
      paymentAccepted: 'Cash',
      openingHours: SITE.deliveryHoursSchema,
      address: { addressRegion: 'DC' },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(nearMeJsonLd('https://example.com/')[0]).toMatchObject({ url: 'https://example.com/dispensary-near-me' });
  });

  it('makes no medical claims, names no payment but cash, and says nothing aimed at minors', () => {
    expect(allCopy).not.toMatch(/\b(cure|cures|treat|treats|treatment|heal|prevent|medical|patient|anxiety|insomnia)\b/i);
    expect(allCopy).not.toMatch(/\b(credit|debit|visa|mastercard|paypal|apple pay)\b/i);
    expect(allCopy).not.toMatch(/\b(kids?|teens?|candy|cartoon)\b/i);
  });
});
