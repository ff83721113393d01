/**
 * D31's service area, checked against the `zipcodes` dataset (a devDependency): every ZIP of every
 * shipped zone, read from a database built from migrations/, is a US ZIP code of its zone's state,
 * and the landing pages' places match the zones' ZIP codes. Also proves the generated ZIP module the
 * delivery settings check reads (us-zip-data.server.ts) is the dataset's, so it cannot go stale.
 *
 * What "match" means, per state page: a place's postal city is the city USPS gives the ZIP codes
 * that serve it (the page's `postalCities` where that is not the place's own name: DC's
 * neighbourhoods are Washington, Wheaton is Silver Spring). Names compare by their letters only, in
 * any case, so "McLean" is the dataset's "Mc Lean". Then
 * - every place the page names has its postal city among the dataset's cities of its state's zone
 *   ZIPs (the page names no place the zones do not serve), and
 * - every zone ZIP of the state has a dataset city that is the postal city of a place the page names
 *   (the zones serve no town the page leaves out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetUsZips, datasetVersion, encodeRuns, MODULE_PATH, renderModule } from '../../scripts/zip-data.ts';
import { deliveryZones, deliveryZoneZips } from '../../src/db/schema.ts';
import { usZipStates, zipProblems, zipStates } from '../../src/features/delivery/us-zips.server.ts';
import { STATE_LANDINGS } from '../../src/features/landing/landing.ts';
import type { UsStateCode } from '../../src/features/site/settings.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';

/** The generated module's budget once gzipped: it ships in the function bundle. */
const ZIP_MODULE_GZIP_BUDGET = 16 * 1024;

const dataset = datasetUsZips();
const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

interface ZoneZip {
  zip: string;
  zone: string;
  state: UsStateCode;
}

let t: TestDb;
let zoneZips: ZoneZip[];

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  zoneZips = await t.db
    .select({ zip: deliveryZoneZips.zip, zone: deliveryZones.name, state: deliveryZones.state })
    .from(deliveryZoneZips)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneZips.zoneId))
    .orderBy(asc(deliveryZoneZips.zip));
});
afterAll(() => t.close());

describe('the shipped zones against the ZIP dataset (D31)', () => {
  it('ships zones in every served state', () => {
    expect(new Set(zoneZips.map((z) => z.state))).toEqual(new Set(Object.keys(STATE_LANDINGS)));
  });

  it("lists only ZIP codes the dataset knows, each in its zone's state", () => {
    const unknown = zoneZips.filter((z) => !dataset.has(z.zip)).map((z) => `${z.zip} (${z.zone})`);
    expect(unknown).toEqual([]);
    const elsewhere = zoneZips
      .filter((z) => dataset.has(z.zip) && dataset.get(z.zip)?.state !== z.state)
      .map((z) => `${z.zip} (${z.zone}, ${z.state}) is in ${dataset.get(z.zip)?.state}`);
    expect(elsewhere).toEqual([]);
  });

  it("passes the delivery settings' own check, so an admin can save every shipped zone as it is", () => {
    expect(zoneZips.flatMap((z) => zipProblems([z.zip], z.state))).toEqual([]);
  });

  it.each(Object.values(STATE_LANDINGS).map((page) => [page.code, page] as const))(
    'the %s landing page names exactly the places its zones serve',
    (code, page) => {
      const postal = new Map(page.areas.map((area) => [area, letters(page.postalCities[area] ?? area)]));
      const zips = zoneZips.filter((z) => z.state === code);
      const cities = new Map(zips.map((z) => [letters(dataset.get(z.zip)?.city ?? ''), dataset.get(z.zip)?.city]));
      // The page's own list of exceptions names only its places.
      expect(Object.keys(page.postalCities).filter((area) => !page.areas.includes(area))).toEqual([]);
      const unserved = page.areas.filter((area) => !cities.has(postal.get(area) ?? ''));
      expect(unserved, `places of the ${code} page no zone ZIP serves`).toEqual([]);
      const named = new Set(postal.values());
      const unnamed = zips
        .filter((z) => !named.has(letters(dataset.get(z.zip)?.city ?? '')))
        .map((z) => `${z.zip} ${dataset.get(z.zip)?.city}`);
      expect(unnamed, `zone ZIPs of ${code} in a town its page does not name`).toEqual([]);
    },
  );
});

describe('the generated ZIP module (scripts/zip-data.ts)', () => {
  it('holds every US ZIP code of the dataset with its state, and nothing else', () => {
    const decoded = usZipStates();
    expect(decoded.size).toBe(dataset.size);
    const wrong = [...dataset.values()].filter((r) => decoded.get(r.zip) !== r.state).map((r) => `${r.zip} ${r.state}`);
    expect(wrong).toEqual([]);
    // A Canadian postal code or a 3-digit key of the package is no ZIP code.
    expect(decoded.has('K1A')).toBe(false);
  });

  it("finds a few ZIPs' states without decoding the rest, as the full decode has them", () => {
    const known = [...dataset.keys()];
    const asked = [...known, '00000', '99999', '20000', known[0] ?? ''];
    const found = zipStates(asked);
    expect(found.size).toBe(dataset.size);
    expect(known.filter((zip) => found.get(zip) !== dataset.get(zip)?.state)).toEqual([]);
    expect(zipStates(['22201', '99999', '20001'])).toEqual(
      new Map([
        ['20001', 'DC'],
        ['22201', 'VA'],
      ]),
    );
  });

  it('is exactly what the script writes from the installed dataset', () => {
    const written = readFileSync(MODULE_PATH, 'utf8');
    expect(written, 'run `node scripts/zip-data.ts` to regenerate it').toBe(renderModule(encodeRuns(dataset.values()), datasetVersion()));
    const gzipped = gzipSync(written, { level: 9 }).length;
    console.log(`us-zip-data.server.ts: ${written.length} bytes, ${gzipped} gzipped`);
    expect(gzipped).toBeLessThanOrEqual(ZIP_MODULE_GZIP_BUDGET);
  });

  it('comes from a devDependency that no shipped code imports', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { version?: string; dev?: boolean }>;
    };
    expect(lock.packages['node_modules/zipcodes']).toMatchObject({ version: datasetVersion(), dev: true });
    // The 5 MB dataset never reaches the function bundle or an island: nothing under src/ or
    // functions/ imports the package.
    const importers = ['src', 'functions']
      .flatMap((dir) =>
        readdirSync(new URL(`../../${dir}/`, import.meta.url), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
      )
      .filter((file) => /\.(ts|tsx|astro|js|mjs)$/.test(file))
      .filter((file) => /(from|require\(|import\()\s*['"]zipcodes/.test(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')));
    expect(importers).toEqual([]);
  });
});
