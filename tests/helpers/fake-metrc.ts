import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { METRC_TAG_PATTERN } from '../../src/db/inventory-values.ts';

/**
 * A stand-in for Metrc's REST API on 127.0.0.1, so the shop's real client (metrc-client.ts) runs
 * against HTTP. It takes POST /sales/v2/deliveries?licenseNumber=… with HTTP Basic auth (the vendor
 * key as user name, the user key as password), checks each body against the published shape (the
 * fields and types src/features/metrc/metrc-client.ts names with its sources) and answers as the
 * scenario set says: 200 `{ Ids, Warnings }`, 400 with a Metrc-style error array, 500, or no
 * answer at all (a hang, until the client's deadline). A body that breaks the shape is answered 400
 * with what is wrong, and kept in `problems`, so a test sees it.
 */

export const FAKE_VENDOR_KEY = 'fake-vendor-key-0123456789';
export const FAKE_USER_KEY = 'fake-user-key-9876543210';

export type MetrcScenario = 'ok' | 'refuse' | 'error' | 'hang';

export interface MetrcRequest {
  licenseNumber: string | null;
  /** The Basic auth's user name and password, decoded. */
  user: string | null;
  password: string | null;
  body: unknown;
  /** What in the body breaks the published shape; empty when nothing does. */
  problems: string[];
  answered: number | null;
}

export interface FakeMetrc {
  /** The API's base, as METRC_BASE_URL takes it. */
  url: string;
  requests: MetrcRequest[];
  /** Answers the next `times` requests (all later ones when omitted) as `scenario`; then 'ok' again. */
  answer: (scenario: MetrcScenario, times?: number) => void;
  /** Holds each answer this long first (so concurrent sends would overlap). */
  delay: (ms: number) => void;
  /** The message a refusal carries. */
  readonly refusal: string;
  close: () => Promise<void>;
}

const STRINGS = [
  'SalesDateTime',
  'DriverName',
  'DriverEmployeeId',
  'DriversLicenseNumber',
  'PhoneNumberForQuestions',
  'VehicleMake',
  'VehicleModel',
  'VehicleLicensePlateNumber',
  'RecipientName',
  'RecipientAddressStreet1',
  'RecipientAddressCity',
  'RecipientAddressState',
  'RecipientAddressPostalCode',
  'PlannedRoute',
  'EstimatedDepartureDateTime',
  'EstimatedArrivalDateTime',
] as const;
const OPTIONAL_TEXT = [
  'PatientLicenseNumber',
  'ConsumerId',
  'RecipientAddressStreet2',
  'RecipientAddressCounty',
  'TransporterFacilityLicenseNumber',
];
const KNOWN = new Set<string>([...STRINGS, ...OPTIONAL_TEXT, 'SalesCustomerType', 'RecipientZoneId', 'Transactions']);
const KNOWN_TRANSACTION = new Set([
  'PackageLabel',
  'Quantity',
  'UnitOfMeasure',
  'TotalAmount',
  'UnitThcPercent',
  'UnitThcContent',
  'UnitThcContentUnitOfMeasure',
  'UnitWeight',
  'UnitWeightUnitOfMeasure',
  'InvoiceNumber',
  'Price',
  'ExciseTax',
  'CityTax',
  'CountyTax',
  'MunicipalTax',
  'DiscountAmount',
  'SubTotal',
  'SalesTax',
  'QrCodes',
]);
/** A local date and time with no zone, as Metrc's note on the call asks. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?$/;
const UNITS = ['Each', 'Grams', 'Kilograms', 'Milligrams', 'Ounces', 'Pounds'];

/** What in `body` breaks the published shape of POST /sales/v2/deliveries. */
export function deliveryProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (!Array.isArray(body) || body.length === 0) return ['The body must be a non-empty array of deliveries'];
  for (const [row, d] of (body as unknown[]).entries()) {
    const say = (m: string) => problems.push(`row ${row}: ${m}`);
    if (!d || typeof d !== 'object' || Array.isArray(d)) {
      say('a delivery must be an object');
      continue;
    }
    const o = d as Record<string, unknown>;
    for (const key of Object.keys(o)) if (!KNOWN.has(key)) say(`unknown field ${key}`);
    for (const key of STRINGS) if (typeof o[key] !== 'string' || (o[key] as string).trim() === '') say(`${key} is required text`);
    for (const key of OPTIONAL_TEXT) if (o[key] != null && typeof o[key] !== 'string') say(`${key} must be text or null`);
    for (const key of ['SalesDateTime', 'EstimatedDepartureDateTime', 'EstimatedArrivalDateTime'])
      if (typeof o[key] === 'string' && !LOCAL_TIME.test(o[key] as string)) say(`${key} must be a local date and time without a zone`);
    if (o.SalesCustomerType !== 'Consumer' && o.SalesCustomerType !== 'Patient') say('SalesCustomerType must be Consumer or Patient');
    if (o.SalesCustomerType === 'Patient' && (typeof o.PatientLicenseNumber !== 'string' || o.PatientLicenseNumber === ''))
      say('a Patient sale needs PatientLicenseNumber');
    if (o.RecipientZoneId != null && !Number.isInteger(o.RecipientZoneId)) say('RecipientZoneId must be a whole number or null');
    if (typeof o.RecipientAddressState === 'string' && !/^[A-Z]{2}$/.test(o.RecipientAddressState))
      say('RecipientAddressState is a state code');
    const transactions = o.Transactions;
    if (!Array.isArray(transactions) || transactions.length === 0) {
      say('Transactions must be a non-empty array');
      continue;
    }
    const labels = new Set<string>();
    for (const [i, t] of (transactions as unknown[]).entries()) {
      const at = (m: string) => say(`transaction ${i}: ${m}`);
      if (!t || typeof t !== 'object') {
        at('must be an object');
        continue;
      }
      const x = t as Record<string, unknown>;
      for (const key of Object.keys(x)) if (!KNOWN_TRANSACTION.has(key)) at(`unknown field ${key}`);
      if (typeof x.PackageLabel !== 'string' || !METRC_TAG_PATTERN.test(x.PackageLabel)) at('PackageLabel must be a package tag');
      else if (labels.has(x.PackageLabel)) at(`package ${x.PackageLabel} is named twice`);
      else labels.add(x.PackageLabel);
      if (typeof x.Quantity !== 'number' || !(x.Quantity > 0)) at('Quantity must be a number above 0');
      if (typeof x.UnitOfMeasure !== 'string' || !UNITS.includes(x.UnitOfMeasure)) at('UnitOfMeasure must be a Metrc unit');
      if (typeof x.TotalAmount !== 'number' || !(x.TotalAmount >= 0)) at('TotalAmount must be a number of dollars');
    }
  }
  return problems;
}

function basic(header: string | undefined): [string | null, string | null] {
  const m = /^Basic (.+)$/.exec(header ?? '');
  if (!m?.[1]) return [null, null];
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? [text, null] : [text.slice(0, colon), text.slice(colon + 1)];
}

export async function startFakeMetrc(): Promise<FakeMetrc> {
  const requests: MetrcRequest[] = [];
  const plan: MetrcScenario[] = [];
  let rest: MetrcScenario = 'ok';
  let delayMs = 0;
  let ids = 1000;
  const refusal = 'Package 1A4FF0000000000000000000 is not active at this facility.';
  const hanging = new Set<ServerResponse>();

  const reply = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'POST' || url.pathname !== '/sales/v2/deliveries')
      return reply(res, 404, { Message: 'No HTTP resource was found.' });
    const [user, password] = basic(req.headers.authorization);
    let body: unknown = null;
    let problems: string[];
    try {
      body = JSON.parse(text);
      problems = deliveryProblems(body);
    } catch {
      problems = ['The body is not JSON'];
    }
    const entry: MetrcRequest = { licenseNumber: url.searchParams.get('licenseNumber'), user, password, body, problems, answered: null };
    requests.push(entry);
    if (user !== FAKE_VENDOR_KEY || password !== FAKE_USER_KEY) {
      entry.answered = 401;
      return reply(res, 401, { Message: 'Authorization has been denied for this request.' });
    }
    if (!entry.licenseNumber) {
      entry.answered = 400;
      return reply(res, 400, [{ row: 0, message: 'licenseNumber is required.' }]);
    }
    if (problems.length > 0) {
      entry.answered = 400;
      return reply(
        res,
        400,
        problems.map((message) => ({ row: 0, message })),
      );
    }
    const scenario = plan.shift() ?? rest;
    switch (scenario) {
      case 'ok':
        entry.answered = 200;
        return reply(res, 200, { Ids: [++ids], Warnings: null });
      case 'refuse':
        entry.answered = 400;
        return reply(res, 400, [{ row: 0, message: refusal }]);
      case 'error':
        entry.answered = 500;
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      case 'hang':
        hanging.add(res);
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString();
    });
    req.on('end', () => {
      if (delayMs > 0) setTimeout(() => handle(req, res, data), delayMs);
      else handle(req, res, data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refusal,
    answer: (scenario, times) => {
      plan.length = 0;
      if (times === undefined) rest = scenario;
      else {
        rest = 'ok';
        for (let i = 0; i < times; i++) plan.push(scenario);
      }
    },
    delay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
