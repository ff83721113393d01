import { describe, expect, it } from 'vitest';
import { metrcFromEnv, metrcMessage } from './metrc-client.ts';
import {
  afterAnswer,
  BACKOFF_CAP_MS,
  backoffMs,
  blockedBy,
  type DeliveryReportInput,
  deliveryReport,
  MAX_ATTEMPTS,
  metrcLocalTime,
  metrcPhone,
} from './metrc-report.ts';

const TAG_A = '1A4FF0100000022000000123';
const TAG_B = '1A4FF0100000022000000124';
const at = (iso: string) => Date.parse(iso);

const input = (over: Partial<DeliveryReportInput> = {}): DeliveryReportInput => ({
  order: {
    ref: 'r',
    firstName: 'Grace',
    lastName: 'Hopper',
    deliveryAddress: '12 Main Street',
    deliveryApartment: '',
    deliveryCity: 'Rockville',
    deliveryState: 'MD',
    deliveryZipCode: '20850',
    patientId: null,
  },
  lines: [
    { name: 'Grinder', category: 'Accessories', weight: null, lineTotal: 2500, packages: [{ tag: TAG_A, quantity: 1, unit: 'each' }] },
  ],
  run: {
    driver: { name: 'Sam Rivera', employeeId: 'E-1', licenceNumber: 'L-1' },
    vehicle: { make: 'Toyota', model: 'Prius', plate: 'ABC123' },
    plannedDeparture: at('2026-07-15T21:00:00Z'),
    plannedArrival: at('2026-07-16T01:00:00Z'),
    route: '',
    stopPlaces: ['Rockville, MD 20850', 'Bethesda, MD 20814'],
  },
  state: { code: 'MD', name: 'Maryland', metrcLicense: 'C-1' },
  deliveredAt: at('2026-07-15T22:30:15.250Z'),
  shopPhone: '(202) 555-0142',
  ...over,
});

describe('the delivery report (D40)', () => {
  it('writes times as New York wall time without a zone, as Metrc asks, in summer and winter', () => {
    expect(metrcLocalTime(at('2026-07-15T22:30:15.250Z'))).toBe('2026-07-15T18:30:15.250');
    expect(metrcLocalTime(at('2026-01-15T22:30:05Z'))).toBe('2026-01-15T17:30:05.000');
    const r = deliveryReport(input());
    expect(r.delivery.SalesDateTime).toBe('2026-07-15T18:30:15.250');
    expect(r.delivery.EstimatedDepartureDateTime).toBe('2026-07-15T17:00:00.000');
    expect(r.delivery.EstimatedArrivalDateTime).toBe('2026-07-15T21:00:00.000');
  });

  it('says the route as the stops in order when the run has none written', () => {
    expect(deliveryReport(input()).delivery.PlannedRoute).toBe('Stops in order: Rockville, MD 20850; Bethesda, MD 20814');
  });

  it('splits a line over its packages by quantity, to the cent, and merges two lines of one package', () => {
    const r = deliveryReport(
      input({
        lines: [
          {
            name: 'Blue Dream',
            category: 'Flower',
            weight: 'half-oz',
            lineTotal: 10000,
            packages: [
              { tag: TAG_A, quantity: 10.5, unit: 'g' },
              { tag: TAG_B, quantity: 3.5, unit: 'g' },
            ],
          },
          {
            name: 'Blue Dream',
            category: 'Flower',
            weight: 'eighth',
            lineTotal: 3333,
            packages: [{ tag: TAG_B, quantity: 3.5, unit: 'g' }],
          },
        ],
      }),
    );
    expect(r.delivery.Transactions).toEqual([
      { PackageLabel: TAG_A, Quantity: 10.5, UnitOfMeasure: 'Grams', TotalAmount: 75 },
      { PackageLabel: TAG_B, Quantity: 7, UnitOfMeasure: 'Grams', TotalAmount: 58.33 },
    ]);
    expect(r.needsTag).toEqual([]);
    expect(r.missing).toEqual([]);
    expect(blockedBy(r, null)).toBeNull();
  });

  it('reports a patient’s sale as Patient with the registry number', () => {
    const r = deliveryReport(input({ order: { ...input().order, deliveryState: 'DC', patientId: 'DC-12345678' } }));
    expect(r.delivery).toMatchObject({ SalesCustomerType: 'Patient', PatientLicenseNumber: 'DC-12345678', RecipientAddressState: 'DC' });
    expect(r.delivery.PhoneNumberForQuestions).toBe('+1-202-555-0142');
  });

  it('needs a tag for an untagged package or untracked stock, before anything else', () => {
    const r = deliveryReport(
      input({
        lines: [
          { name: 'Blue Dream', category: 'Flower', weight: 'half-oz', lineTotal: 100, packages: [{ tag: null, quantity: 14, unit: 'g' }] },
          { name: 'Grinder', category: 'Accessories', weight: null, lineTotal: 100, packages: [] },
        ],
        state: { code: 'MD', name: 'Maryland', metrcLicense: '' },
      }),
    );
    expect(r.needsTag).toEqual([
      'Blue Dream (1/2 oz) left from a package with no Metrc tag.',
      'Grinder left from no package (untracked stock): it has no Metrc tag.',
    ]);
    expect(blockedBy(r, ['METRC_USER_KEY'])?.status).toBe('needs_tag');
  });

  it('waits, saying what is missing: the run, the driver’s numbers, the licence, the keys', () => {
    const noRun = deliveryReport(input({ run: null }));
    expect(noRun.missing[0]).toMatch(/^The order was delivered on no delivery run/);
    const driver = { name: 'Sam Rivera', employeeId: ' ', licenceNumber: '' };
    const run = input().run;
    const r = deliveryReport(input({ run: run && { ...run, driver }, state: null }));
    expect(r.missing).toEqual([
      'Driver Sam Rivera has no employee ID: add it in Delivery, Drivers.',
      'Driver Sam Rivera has no driver’s licence number: add it in Delivery, Drivers.',
      'No Metrc licence number is set for MD: set it in Team & compliance, States.',
    ]);
    expect(blockedBy(deliveryReport(input()), ['METRC_VENDOR_KEY', 'METRC_USER_KEY'])).toEqual({
      status: 'waiting',
      lastAnswer:
        'Waiting: Metrc is not configured: METRC_VENDOR_KEY, METRC_USER_KEY are not set (Worker secrets). Reports wait until they are set.',
    });
  });

  it('writes a US phone number as Metrc’s example does', () => {
    expect(metrcPhone('(202) 555-0142')).toBe('+1-202-555-0142');
    expect(metrcPhone('+1 202 555 0142')).toBe('+1-202-555-0142');
  });
});

describe('what an answer makes of a report (D40)', () => {
  const now = 1_000_000;
  it('is sent on a 2xx', () => {
    expect(afterAnswer({ status: 200, message: '{"Ids":[7]}', timedOut: false }, 1, now)).toMatchObject({
      status: 'sent',
      sentAt: now,
      lastStatus: 200,
    });
  });

  it('is failed, not retried, on a 4xx other than 429', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(afterAnswer({ status, message: 'No', timedOut: false }, 1, now)).toMatchObject({
        status: 'failed',
        lastStatus: status,
        lastAnswer: 'No',
      });
    }
  });

  it('waits with a doubling backoff on a 5xx, a 429 or no answer, then fails after MAX_ATTEMPTS', () => {
    expect(afterAnswer({ status: 503, message: '', timedOut: false }, 1, now)).toMatchObject({
      status: 'waiting',
      nextAttemptAt: now + 60_000,
    });
    expect(afterAnswer({ status: 429, message: '', timedOut: false }, 2, now)).toMatchObject({
      status: 'waiting',
      nextAttemptAt: now + 120_000,
    });
    expect(afterAnswer({ status: null, message: 'late', timedOut: true }, 3, now)).toMatchObject({ status: 'waiting', lastStatus: null });
    expect(afterAnswer({ status: 500, message: 'down', timedOut: false }, MAX_ATTEMPTS, now)).toMatchObject({
      status: 'failed',
      lastAnswer: `Not sent after ${MAX_ATTEMPTS} tries: down`,
    });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(backoffMs)).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * 60_000));
    expect(backoffMs(30)).toBe(BACKOFF_CAP_MS);
  });
});

describe('the Metrc client (D40)', () => {
  it('names the settings that are missing; a base URL that is not http(s) counts as missing', () => {
    expect(metrcFromEnv({})).toEqual({ configured: false, missing: ['METRC_BASE_URL', 'METRC_VENDOR_KEY', 'METRC_USER_KEY'] });
    expect(metrcFromEnv({ METRC_BASE_URL: 'ftp://x', METRC_VENDOR_KEY: 'v', METRC_USER_KEY: 'u' })).toEqual({
      configured: false,
      missing: ['METRC_BASE_URL'],
    });
    expect(metrcFromEnv({ METRC_BASE_URL: 'https://sandbox-api-md.metrc.com', METRC_VENDOR_KEY: 'v', METRC_USER_KEY: 'u' })).toMatchObject({
      configured: true,
      timeoutMs: 10_000,
    });
  });

  it('reads Metrc’s words from its error array or its Message', () => {
    expect(metrcMessage('[{"row":0,"message":"Package is not active."},{"row":1,"message":"Bad date."}]')).toBe(
      'Row 0: Package is not active.; Row 1: Bad date.',
    );
    expect(metrcMessage('{"Message":"Authorization has been denied for this request."}')).toBe(
      'Authorization has been denied for this request.',
    );
    expect(metrcMessage('Internal Server Error')).toBe('Internal Server Error');
  });
});
