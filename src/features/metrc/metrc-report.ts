/**
 * D40: the delivery report to Metrc, pure. `deliveryReport` builds the body Metrc's
 * POST /sales/v2/deliveries takes (metrc-client.ts says where its shape comes from) from a
 * delivered order, its lines and the packages they went out in, its run (driver, vehicle, planned
 * times and route) and its state, and says what keeps it from being sent: a line with no tagged
 * package ("needs a tag"), or something Metrc asks for that the shop has not recorded. The rest of
 * this module is the queue's policy: when a report is tried again, and what each answer makes of it.
 * Shared by the server (the handover, the job) and the admin's screen.
 */
import type { MetrcReportStatus } from '../../db/inventory-values.ts';
import { toNyWallTime } from '../../lib/ny-time.ts';
import { findWeight } from '../pricing/pricing.ts';
import type { MetrcAnswer, MetrcDelivery, MetrcTransaction, MetrcVariable } from './metrc-client.ts';

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

export interface ReportOrder {
  ref: string;
  firstName: string;
  lastName: string;
  deliveryAddress: string;
  deliveryApartment: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryZipCode: string;
  /** D38: a patient's registry number; null for an adult-use order. */
  patientId: string | null;
}

export interface ReportPackage {
  /** The Metrc tag; null while the package waits for one. */
  tag: string | null;
  /** In the package's unit. */
  quantity: number;
  unit: 'g' | 'each';
}

export interface ReportLine {
  name: string;
  category: string;
  /** The line's weight key ('half-oz'), read with its category; null for products sold by the piece. */
  weight: string | null;
  /** Cents: what the line cost, before tax. */
  lineTotal: number;
  /** The packages the line went out in; none for untracked stock. */
  packages: readonly ReportPackage[];
}

export interface ReportRun {
  driver: { name: string; employeeId: string; licenceNumber: string };
  vehicle: { make: string; model: string; plate: string };
  plannedDeparture: number;
  plannedArrival: number;
  /** The admin's words; empty when none were written. */
  route: string;
  /** The run's stops' places in order ('Rockville, MD 20850'), the route said when none was written. */
  stopPlaces: readonly string[];
}

export interface ReportState {
  code: string;
  name: string;
  /** The shop's licence number in the state's Metrc; '' until the owner sets it. */
  metrcLicense: string;
}

export interface DeliveryReportInput {
  order: ReportOrder;
  lines: readonly ReportLine[];
  /** The run the order went out on; null when it was on none. */
  run: ReportRun | null;
  /** The state's row; null when the shop has none for the order's state. */
  state: ReportState | null;
  /** When the order was handed over (the proof's time), epoch ms: the sale's date and time. */
  deliveredAt: number;
  /** The shop's phone number, for Metrc's PhoneNumberForQuestions. */
  shopPhone: string;
}

export interface DeliveryReport {
  /** The one delivery of the body (Metrc takes an array of them). An untagged package's label is ''. */
  delivery: MetrcDelivery;
  /** One sentence per line that cannot be reported until its package is tagged. */
  needsTag: string[];
  /** One sentence per thing Metrc asks for that the shop has not recorded (run, driver, licence). */
  missing: string[];
  /** The licence the report is filed under; null until the state has one. */
  licence: string | null;
}

/** An instant as Metrc takes it: the facility's (New York's) wall time, no zone, to the millisecond. */
export function metrcLocalTime(ms: number): string {
  const seconds = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${toNyWallTime(ms)}:${seconds}.${millis}`;
}

/** A phone number as Metrc's example writes it: '+1-202-555-0142' for any US number. */
export function metrcPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** A line as the admin reads it: 'Blue Dream (1/2 oz)'. */
export function lineDescription(line: Pick<ReportLine, 'name' | 'category' | 'weight'>): string {
  if (line.weight == null) return line.name;
  return `${line.name} (${findWeight(line.category, line.weight)?.label ?? line.weight})`;
}

const UNIT_NAMES = { g: 'Grams', each: 'Each' } as const;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The transactions of the order: one per package, each with its share of its line's amount
 * (split by quantity, the cents left over on the line's last package, so the line's shares add up
 * to what it cost). Metrc refuses a delivery that names a package twice, so two lines that left in
 * one package are one transaction with both quantities and both amounts. An untagged package's
 * label is ''.
 */
function transactionsOf(lines: readonly ReportLine[]): MetrcTransaction[] {
  const byLabel = new Map<string, { quantity: number; cents: number; unit: 'g' | 'each' }>();
  const order: string[] = [];
  let untagged = 0;
  for (const line of lines) {
    const total = line.packages.reduce((sum, p) => sum + p.quantity, 0);
    let left = line.lineTotal;
    line.packages.forEach((p, i) => {
      const last = i === line.packages.length - 1;
      const cents = last ? left : total > 0 ? Math.round((line.lineTotal * p.quantity) / total) : 0;
      left -= cents;
      // Untagged packages stay apart: each is a line the admin must tag.
      const key = p.tag ?? `untagged:${untagged++}`;
      const seen = byLabel.get(key);
      if (seen) {
        seen.quantity += p.quantity;
        seen.cents += cents;
      } else {
        byLabel.set(key, { quantity: p.quantity, cents, unit: p.unit });
        order.push(key);
      }
    });
  }
  return order.map((key) => {
    const t = byLabel.get(key) as { quantity: number; cents: number; unit: 'g' | 'each' };
    return {
      PackageLabel: key.startsWith('untagged:') ? '' : key,
      Quantity: round3(t.quantity),
      UnitOfMeasure: UNIT_NAMES[t.unit],
      TotalAmount: t.cents / 100,
    };
  });
}

/** The report of one delivered order, and what keeps it from being sent (D40). */
export function deliveryReport(input: DeliveryReportInput): DeliveryReport {
  const { order, run, state } = input;
  const needsTag: string[] = [];
  for (const line of input.lines) {
    const what = lineDescription(line);
    if (line.packages.length === 0) needsTag.push(`${what} left from no package (untracked stock): it has no Metrc tag.`);
    else {
      const untagged = line.packages.filter((p) => p.tag == null).length;
      if (untagged > 0) needsTag.push(`${what} left from ${untagged === 1 ? 'a package' : `${untagged} packages`} with no Metrc tag.`);
    }
  }
  if (input.lines.length === 0) needsTag.push('The order has no lines to report.');

  const missing: string[] = [];
  if (!run) {
    missing.push(
      'The order was delivered on no delivery run, so the shop has no vehicle, planned route or planned times for Metrc (it asks for them with every delivery).',
    );
  } else {
    const who = run.driver.name;
    if (run.driver.employeeId.trim() === '') missing.push(`Driver ${who} has no employee ID: add it in Delivery, Drivers.`);
    if (run.driver.licenceNumber.trim() === '') missing.push(`Driver ${who} has no driver’s licence number: add it in Delivery, Drivers.`);
  }
  const licence = state && state.metrcLicense.trim() !== '' ? state.metrcLicense.trim() : null;
  if (!licence) {
    const name = state?.name ?? order.deliveryState;
    missing.push(`No Metrc licence number is set for ${name}: set it in Team & compliance, States.`);
  }

  const patient = order.patientId != null && order.patientId.trim() !== '';
  const route = run ? run.route.trim() || (run.stopPlaces.length > 0 ? `Stops in order: ${run.stopPlaces.join('; ')}` : '') : '';
  const delivery: MetrcDelivery = {
    SalesDateTime: metrcLocalTime(input.deliveredAt),
    SalesCustomerType: patient ? 'Patient' : 'Consumer',
    PatientLicenseNumber: patient ? (order.patientId as string).trim() : null,
    ConsumerId: null,
    DriverName: run?.driver.name ?? '',
    DriverEmployeeId: run?.driver.employeeId.trim() ?? '',
    DriversLicenseNumber: run?.driver.licenceNumber.trim() ?? '',
    PhoneNumberForQuestions: metrcPhone(input.shopPhone),
    VehicleMake: run?.vehicle.make ?? '',
    VehicleModel: run?.vehicle.model ?? '',
    VehicleLicensePlateNumber: run?.vehicle.plate ?? '',
    RecipientName: `${order.firstName} ${order.lastName}`.trim(),
    RecipientAddressStreet1: order.deliveryAddress,
    RecipientAddressStreet2: order.deliveryApartment,
    RecipientAddressCity: order.deliveryCity,
    RecipientAddressCounty: null,
    RecipientAddressState: order.deliveryState,
    RecipientAddressPostalCode: order.deliveryZipCode,
    RecipientZoneId: null,
    PlannedRoute: route,
    EstimatedDepartureDateTime: run ? metrcLocalTime(run.plannedDeparture) : '',
    EstimatedArrivalDateTime: run ? metrcLocalTime(run.plannedArrival) : '',
    Transactions: transactionsOf(input.lines),
  };
  return { delivery, needsTag, missing, licence };
}

// ---------------------------------------------------------------------------------------------
// The queue's policy
// ---------------------------------------------------------------------------------------------

/** After this many tries without an answer (5xx, 429, a timeout) a report is failed, for a person to look at. */
export const MAX_ATTEMPTS = 8;
/** The wait after the first try without an answer; it doubles each time, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 60 * 60_000;
/**
 * A report that waits for something only a person can give (a tag, a setting, the keys) is looked
 * at again after this long: every run of the job (the Cron Trigger runs every 5 minutes), so a tag
 * added meanwhile is used at the next one.
 */
export const RECHECK_MS = 5 * 60_000;

/** The wait before try `attempts + 1`, after `attempts` tries without an answer (1 minute, 2, 4, … 60). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

/** What a report is now and why, as the queue writes it. */
export interface QueuedState {
  status: MetrcReportStatus;
  /** Why it waits, or Metrc's answer. */
  lastAnswer: string;
}

/** Why the keys are missing, by name. */
export function credentialsText(missing: readonly MetrcVariable[]): string {
  return `Metrc is not configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (Worker secrets). Reports wait until ${missing.length === 1 ? 'it is' : 'they are'} set.`;
}

/**
 * Whether the report can go, and if not, why (needing a tag first: it is what the admin must do
 * before anything else helps). `missingKeys` is null when the keys are set.
 */
export function blockedBy(
  report: Pick<DeliveryReport, 'needsTag' | 'missing'>,
  missingKeys: readonly MetrcVariable[] | null,
): QueuedState | null {
  if (report.needsTag.length > 0) {
    return { status: 'needs_tag', lastAnswer: `Needs a tag: ${report.needsTag.join(' ')} Tag the package and the report is sent.` };
  }
  const reasons = [...report.missing, ...(missingKeys && missingKeys.length > 0 ? [credentialsText(missingKeys)] : [])];
  return reasons.length > 0 ? { status: 'waiting', lastAnswer: `Waiting: ${reasons.join(' ')}` } : null;
}

/** What the queue writes after Metrc's `answer` to try number `attempts` (this one counted). */
export interface AfterAnswer {
  status: MetrcReportStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastAnswer: string;
  sentAt: number | null;
}

/**
 * D40: a 2xx is sent; a 4xx other than 429 is failed with Metrc's words, for a person to read and
 * retry (sending the same body again would be refused again); a 5xx, a 429 or no answer waits
 * and is tried again after backoffMs, until MAX_ATTEMPTS, then failed.
 */
export function afterAnswer(answer: MetrcAnswer, attempts: number, now: number): AfterAnswer {
  const { status } = answer;
  const words = answer.message || (status != null ? `HTTP ${status}` : 'no answer');
  if (status != null && status >= 200 && status < 300) {
    return {
      status: 'sent',
      attempts,
      nextAttemptAt: now,
      lastStatus: status,
      lastAnswer: `Accepted by Metrc. ${words}`.trim(),
      sentAt: now,
    };
  }
  if (status != null && status >= 400 && status < 500 && status !== 429) {
    return { status: 'failed', attempts, nextAttemptAt: now, lastStatus: status, lastAnswer: words, sentAt: null };
  }
  if (attempts >= MAX_ATTEMPTS) {
    return {
      status: 'failed',
      attempts,
      nextAttemptAt: now,
      lastStatus: status,
      lastAnswer: `Not sent after ${attempts} tries: ${words}`,
      sentAt: null,
    };
  }
  const next = now + backoffMs(attempts);
  return {
    status: 'waiting',
    attempts,
    nextAttemptAt: next,
    lastStatus: status,
    lastAnswer: `${words}. Tried ${attempts} time${attempts === 1 ? '' : 's'}; tried again after ${Math.round(backoffMs(attempts) / 60_000)} min.`,
    sentAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The screen's words
// ---------------------------------------------------------------------------------------------

export const METRC_STATUS_LABELS: Record<MetrcReportStatus, string> = {
  waiting: 'Waiting',
  needs_tag: 'Needs a tag',
  sent: 'Sent',
  failed: 'Failed',
};
