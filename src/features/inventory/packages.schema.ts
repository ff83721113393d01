/**
 * D40: the admin's package inputs (receive, tag and lab results, adjust, finish, the list's
 * filter), shared by the Packages tab's forms, the packages CSV and the server, so each field has
 * one rule. Quantities are in the package's unit (grams or pieces) with at most 3 decimals, as
 * stock is (decision 0006); dates are New York dates, 'YYYY-MM-DD'.
 */
import * as v from 'valibot';
import { PACKAGE_UNITS } from '../../db/inventory-values.ts';
import { nyDate } from '../../lib/ny-time.ts';
import { MAX_STOCK_QUANTITY } from '../catalog/stock.ts';
import { isDate } from '../delivery/windows.ts';
import { isMetrcTag, normaliseTag, TAG_MESSAGE } from './packages.ts';

/** Why an admin moves a package's stock by hand: waste, damage, or a count (a correction). */
export const ADJUST_REASONS = ['waste', 'damaged', 'correction'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

/** What the admin screens call each reason. */
export const ADJUST_REASON_LABELS: Record<AdjustReason, string> = { waste: 'Waste', damaged: 'Damage', correction: 'Count' };

/** The longest batch or lot the shop keeps, and the longest lab name. */
export const MAX_BATCH_LENGTH = 100;
export const MAX_LAB_LENGTH = 120;

const today = () => nyDate(Date.now());

/** True when `n` has at most three decimals: what stock units (thousandths) hold exactly. */
const thousandths = (n: number) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;

/**
 * A Metrc tag as typed: spaces and case do not matter ("1a4 0000…" is 1A40000…). '' and null are
 * "no tag yet" (the package then needs one, D40).
 */
export const TagInput = v.pipe(
  v.nullable(v.pipe(v.string('The tag must be text'), v.maxLength(64, TAG_MESSAGE))),
  v.transform((tag) => (tag == null ? null : normaliseTag(tag) || null)),
  v.check((tag) => tag == null || isMetrcTag(tag), TAG_MESSAGE),
);

/** A New York date, 'YYYY-MM-DD', not after today. */
const PastDate = (label: string) =>
  v.pipe(
    v.string(`${label} is a date, YYYY-MM-DD`),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is a date, YYYY-MM-DD`),
    v.check(isDate, `${label} is not a real date`),
    v.check((d) => d <= today(), `${label} cannot be in the future`),
  );

const percent = (label: string) =>
  v.nullable(
    v.pipe(
      v.number(`${label} must be a number`),
      v.minValue(0, `${label} cannot be negative`),
      v.maxValue(100, `${label} is at most 100%`),
    ),
  );

/**
 * The lab results of the package's certificate of analysis. THC and CBD are null where the lab
 * reported none; total THC in mg is for edibles and may be left out.
 */
export const LabResults = v.strictObject({
  thcPercent: percent('THC'),
  cbdPercent: percent('CBD'),
  thcMg: v.optional(
    v.nullable(
      v.pipe(
        v.number('Total THC must be a number'),
        v.minValue(0, 'Total THC cannot be negative'),
        v.maxValue(100_000, 'Total THC is too large'),
      ),
    ),
    null,
  ),
  testedOn: PastDate('The test date'),
  lab: v.pipe(
    v.string('Name the lab'),
    v.trim(),
    v.nonEmpty('Name the lab that tested it'),
    v.maxLength(MAX_LAB_LENGTH, `The lab's name must be at most ${MAX_LAB_LENGTH} characters`),
  ),
});
export type LabResults = v.InferOutput<typeof LabResults>;

const BatchText = v.pipe(
  v.string('The batch must be text'),
  v.trim(),
  v.maxLength(MAX_BATCH_LENGTH, `The batch must be at most ${MAX_BATCH_LENGTH} characters`),
);

const NoteText = v.pipe(v.string('The note must be text'), v.trim(), v.maxLength(500, 'The note must be at most 500 characters'));

/** An amount of stock in the package's unit: a number, at most MAX_STOCK_QUANTITY, in thousandths. */
const amount = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.check((n) => Math.abs(n) <= MAX_STOCK_QUANTITY, `${label} is too large`),
    v.check(thousandths, `${label} takes at most 3 decimals`),
  );

/** Pieces are counted whole; grams take thousandths. */
const wholePieces = (unit: string, n: number | undefined) => unit !== 'each' || n === undefined || Number.isInteger(n);
export const PIECES_MESSAGE = 'Pieces are counted whole';

/**
 * POST /api/admin/packages: a package as it came in. The server checks that the product exists and
 * is counted in `unit`, and that no other package has the tag.
 */
export const PackageReceive = v.pipe(
  v.strictObject({
    tag: v.optional(TagInput, null),
    productId: v.pipe(v.number('Choose the product'), v.integer('Choose the product'), v.minValue(1, 'Choose the product')),
    quantity: v.pipe(
      amount('Quantity'),
      v.check((n) => n > 0, 'Quantity must be above zero'),
    ),
    unit: v.picklist(PACKAGE_UNITS, 'The unit is g (grams) or each (pieces)'),
    batch: v.optional(BatchText, ''),
    receivedOn: v.optional(PastDate('The received date'), today),
    labResults: v.optional(v.nullable(LabResults), null),
  }),
  v.forward(
    v.check((p) => wholePieces(p.unit, p.quantity), PIECES_MESSAGE),
    ['quantity'],
  ),
);
export type PackageReceive = v.InferOutput<typeof PackageReceive>;
export type PackageReceiveInput = v.InferInput<typeof PackageReceive>;

/**
 * PATCH /api/admin/packages/{id}: the tag (an untagged package gets one; a typo is corrected, but
 * a tag is never taken away), the batch, the lab results (null clears them). At least one.
 */
export const PackageUpdate = v.pipe(
  v.strictObject({
    tag: v.optional(TagInput),
    batch: v.optional(BatchText),
    labResults: v.optional(v.nullable(LabResults)),
  }),
  v.check(
    (p) => p.tag !== undefined || p.batch !== undefined || p.labResults !== undefined,
    'Nothing to change: give a tag, a batch or lab results',
  ),
);
export type PackageUpdate = v.InferOutput<typeof PackageUpdate>;
export type PackageUpdateInput = v.InferInput<typeof PackageUpdate>;

/**
 * POST /api/admin/packages/{id}/adjust: one ledger row on the package, with its reason. Waste and
 * damage only take off: `quantity` is the amount, its sign aside. A correction is either a count
 * (`countedQuantity`, what the package holds now) or a signed change (`quantity`).
 */
export const PackageAdjust = v.pipe(
  v.strictObject({
    reason: v.picklist(ADJUST_REASONS, 'Choose a reason: waste, damaged or correction (a count)'),
    quantity: v.optional(
      v.pipe(
        amount('Quantity'),
        v.check((n) => n !== 0, 'Quantity cannot be 0'),
      ),
    ),
    countedQuantity: v.optional(v.pipe(amount('The count'), v.minValue(0, 'The count cannot be negative'))),
    note: v.optional(NoteText, ''),
  }),
  v.forward(
    v.check((a) => a.reason === 'correction' || a.quantity !== undefined, 'Enter the quantity taken off'),
    ['quantity'],
  ),
  v.forward(
    v.check((a) => a.reason === 'correction' || a.countedQuantity === undefined, 'A count is a correction: choose Count as the reason'),
    ['countedQuantity'],
  ),
  v.forward(
    v.check((a) => a.reason !== 'correction' || a.quantity !== undefined || a.countedQuantity !== undefined, 'Enter what you counted'),
    ['countedQuantity'],
  ),
  v.forward(
    v.check((a) => a.quantity === undefined || a.countedQuantity === undefined, 'Give the count or the change, not both'),
    ['quantity'],
  ),
);
export type PackageAdjust = v.InferOutput<typeof PackageAdjust>;
export type PackageAdjustInput = v.InferInput<typeof PackageAdjust>;

/** POST /api/admin/packages/{id}/finish: what remains leaves with this reason, and the package sells no more. */
export const PackageFinish = v.strictObject({
  reason: v.picklist(ADJUST_REASONS, 'Choose why what remains leaves: waste, damaged or correction (a count)'),
  note: v.optional(NoteText, ''),
});
export type PackageFinish = v.InferOutput<typeof PackageFinish>;
export type PackageFinishInput = v.InferInput<typeof PackageFinish>;

export const PACKAGE_STATUS_FILTERS = ['active', 'finished', 'all'] as const;

/** GET /api/admin/packages: one product's packages or everyone's, active, finished or all. */
export const PackagesQuery = v.object({
  productId: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, 'The product id must be a positive whole number'),
      v.transform(Number),
      v.minValue(1, 'The product id must be a positive whole number'),
    ),
  ),
  status: v.optional(v.picklist(PACKAGE_STATUS_FILTERS, 'Status is active, finished or all'), 'all'),
});
export type PackagesQuery = v.InferOutput<typeof PackagesQuery>;

/** Whether `n` is an amount a package in `unit` can hold: whole pieces, or grams in thousandths. */
export const fitsUnit = (unit: string, n: number): boolean => wholePieces(unit, n);
