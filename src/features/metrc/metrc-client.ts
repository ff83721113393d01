/**
 * D40: a small client for Metrc's REST API, on the platform's own `fetch` (it runs in the Worker
 * and in Node alike). It knows one call, the one the shop makes: recording sales deliveries.
 *
 * What Metrc publishes of that call, and where we read it (checked 2026-11-28):
 * - `POST {base}/sales/v2/deliveries?licenseNumber={the facility's licence}`, with HTTP Basic auth:
 *   the software vendor's API key as the user name, the licensee's user API key as the password.
 *   Sources: the request Metrc's API documentation gives for "CreateDeliveries", as kept in the
 *   thunkier/ThunkMetrc repository (specs/generated/bruno/Sales/CreateDeliveries.bru: method, path,
 *   query, auth, an example body and the answer `{"Ids": [1], "Warnings": null}`), and that
 *   repository's generated models of the body (SalesCreateDeliveriesRequestItem and its
 *   TransactionsItem, in its C#, Go and Java SDKs). A public NY sandbox evaluation write-up (found
 *   by searching the code corpus for the path) confirms the Basic auth (user = vendor key,
 *   password = user key), that the call requires DriverEmployeeId, and that it refuses a delivery
 *   whose transactions repeat a package label.
 * - The body is an array of deliveries, each with SalesDateTime, SalesCustomerType ("Consumer" or
 *   "Patient"), PatientLicenseNumber, ConsumerId, DriverName, DriverEmployeeId,
 *   DriversLicenseNumber, PhoneNumberForQuestions, VehicleMake, VehicleModel,
 *   VehicleLicensePlateNumber, RecipientName, RecipientAddressStreet1, RecipientAddressStreet2,
 *   RecipientAddressCity, RecipientAddressCounty, RecipientAddressState,
 *   RecipientAddressPostalCode, RecipientZoneId, PlannedRoute, EstimatedDepartureDateTime,
 *   EstimatedArrivalDateTime and Transactions: [{ PackageLabel, Quantity, UnitOfMeasure,
 *   TotalAmount, and optional UnitThcPercent, UnitWeight, Price, ExciseTax, SalesTax, … }].
 *   TransporterFacilityLicenseNumber also exists, for a delivery made by a licensed transporter;
 *   the shop delivers itself and leaves it out.
 * - Dates and times are written without a zone ("2017-04-04T10:10:19.000"): Metrc's note on the
 *   call says SalesDateTime must be the facility's own local time, not UTC. The shop's facilities
 *   keep New York's time (DC, Maryland, Virginia), so every time is New York wall time.
 * - Units are Metrc's names: "Grams", "Each" (seen in Metrc package and item bodies in several
 *   public integrations).
 * - A refusal (400) answers a JSON array of `{ "row": n, "message": "…" }`; some answers (401) are
 *   one object `{ "Message": "…" }`. We read both and keep the messages.
 *
 * Not confirmed: which fields each state's Metrc requires (the generated models mark every field
 * optional; Maryland's and DC's own documentation was not read), whether RecipientAddressCounty or a
 * Metrc zone id is required in Maryland (we send null: the shop keeps neither), whether TotalAmount
 * is before or after tax (we send what the line cost, before tax), whether non-cannabis lines
 * belong in the report, and whether a posted delivery must later be completed
 * (`PUT /sales/v2/deliveries/complete`), which the shop does not do yet. No Metrc JavaScript client
 * on npm fits (ThunkMetrc's TypeScript client is not on the registry and is built on axios), hence
 * this one.
 */

/** The Worker's Metrc settings: the API's address and the two keys (secrets, never logged). */
export interface MetrcEnv {
  /** The state's Metrc API, e.g. https://api-md.metrc.com (a sandbox in testing). */
  METRC_BASE_URL?: string;
  /** The software vendor's API key (Basic auth user name). */
  METRC_VENDOR_KEY?: string;
  /** The licensee's user API key (Basic auth password). */
  METRC_USER_KEY?: string;
  /** How long one call may take, in ms (METRC_TIMEOUT_MS by default). */
  METRC_TIMEOUT_MS?: string;
}

export const METRC_VARIABLES = ['METRC_BASE_URL', 'METRC_VENDOR_KEY', 'METRC_USER_KEY'] as const;
export type MetrcVariable = (typeof METRC_VARIABLES)[number];

/** How long one call to Metrc may take, from sending to the last byte of its answer. */
export const METRC_TIMEOUT_MS = 10_000;

/** One transaction of a delivery: what left in one package. */
export interface MetrcTransaction {
  PackageLabel: string;
  Quantity: number;
  UnitOfMeasure: 'Grams' | 'Each';
  /** Dollars, as Metrc takes amounts. */
  TotalAmount: number;
}

/** One delivery, as Metrc's POST /sales/v2/deliveries takes it (an array of these). */
export interface MetrcDelivery {
  SalesDateTime: string;
  SalesCustomerType: 'Consumer' | 'Patient';
  PatientLicenseNumber: string | null;
  ConsumerId: string | null;
  DriverName: string;
  DriverEmployeeId: string;
  DriversLicenseNumber: string;
  PhoneNumberForQuestions: string;
  VehicleMake: string;
  VehicleModel: string;
  VehicleLicensePlateNumber: string;
  RecipientName: string;
  RecipientAddressStreet1: string;
  RecipientAddressStreet2: string;
  RecipientAddressCity: string;
  RecipientAddressCounty: string | null;
  RecipientAddressState: string;
  RecipientAddressPostalCode: string;
  RecipientZoneId: number | null;
  PlannedRoute: string;
  EstimatedDepartureDateTime: string;
  EstimatedArrivalDateTime: string;
  Transactions: MetrcTransaction[];
}

/**
 * What one call came to: Metrc's HTTP status and its words (`status` null when no answer came: a
 * timeout or a network failure), and whether the deadline ran out.
 */
export interface MetrcAnswer {
  status: number | null;
  /** Metrc's message(s), or what went wrong on the way; never a key. */
  message: string;
  timedOut: boolean;
}

export interface MetrcClient {
  /** Records `deliveries` under the facility licence `licenseNumber`. Never throws: the answer says what happened. */
  createDeliveries(licenseNumber: string, deliveries: readonly MetrcDelivery[]): Promise<MetrcAnswer>;
}

/** Whether the three settings are there, and which are not, by name. */
export type MetrcSettings = { configured: true; client: MetrcClient; timeoutMs: number } | { configured: false; missing: MetrcVariable[] };

/** The client from the Worker's settings, or the names of those missing; a base URL that is no http(s) URL counts as missing. */
export function metrcFromEnv(env: MetrcEnv): MetrcSettings {
  const timeout = Number((env.METRC_TIMEOUT_MS ?? '').trim());
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : METRC_TIMEOUT_MS;
  const value = (name: MetrcVariable) => (env[name] ?? '').trim();
  const missing = METRC_VARIABLES.filter((name) => value(name) === '');
  const base = value('METRC_BASE_URL');
  if (base !== '' && !(URL.canParse(base) && ['http:', 'https:'].includes(new URL(base).protocol))) missing.unshift('METRC_BASE_URL');
  if (missing.length > 0) return { configured: false, missing: [...new Set(missing)] };
  return {
    configured: true,
    client: metrcClient({ baseUrl: base, vendorKey: value('METRC_VENDOR_KEY'), userKey: value('METRC_USER_KEY'), timeoutMs }),
    timeoutMs,
  };
}

/** Metrc's words from an answer's body: the messages of an error array, an object's Message, or the text itself. */
export function metrcMessage(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim();
  }
  const messageOf = (x: unknown): string | null => {
    if (!x || typeof x !== 'object') return typeof x === 'string' ? x : null;
    const o = x as Record<string, unknown>;
    const m = o.message ?? o.Message;
    if (typeof m !== 'string') return null;
    return typeof o.row === 'number' ? `Row ${o.row}: ${m}` : m;
  };
  if (Array.isArray(body)) {
    const messages = body.map(messageOf).filter((m): m is string => m != null && m !== '');
    return messages.length > 0 ? messages.join('; ') : text.trim();
  }
  return messageOf(body) ?? text.trim();
}

const MESSAGE_MAX = 1000;

/** `text` with the keys cut out, should an answer or an error ever quote one. */
function withoutKeys(text: string, keys: readonly string[]): string {
  let out = text;
  for (const key of keys) if (key.length >= 4) out = out.split(key).join('[hidden]');
  return out.slice(0, MESSAGE_MAX);
}

export function metrcClient(options: { baseUrl: string; vendorKey: string; userKey: string; timeoutMs?: number }): MetrcClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const keys = [options.vendorKey, options.userKey];
  const authorization = `Basic ${btoa(`${options.vendorKey}:${options.userKey}`)}`;
  const timeoutMs = options.timeoutMs ?? METRC_TIMEOUT_MS;
  return {
    async createDeliveries(licenseNumber, deliveries) {
      const url = `${base}/sales/v2/deliveries?licenseNumber=${encodeURIComponent(licenseNumber)}`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(deliveries),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        return { status: res.status, message: withoutKeys(metrcMessage(text), keys), timedOut: false };
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const message = timedOut
          ? `Metrc did not answer within ${timeoutMs / 1000} seconds`
          : `Metrc could not be reached: ${err instanceof Error ? err.message : String(err)}`;
        return { status: null, message: withoutKeys(message, keys), timedOut };
      }
    },
  };
}
