/**
 * Values of the states table (D38): how a state sells, where a tax applies, how its limits count,
 * and the source of each rule. Plain constants and types, so an island can import them without
 * the schema.
 */

/** adult: adults 21+; patients: registered medical patients and caregivers only; closed: nobody. */
export const STATE_SALES = ['adult', 'patients', 'closed'] as const;
export type StateSales = (typeof STATE_SALES)[number];

/** What a tax line is charged on: the goods, the delivery fee, or both. */
export const TAX_BASES = ['goods', 'fee', 'both'] as const;
export type TaxBase = (typeof TAX_BASES)[number];

/** Whether a state's purchase limits count one order or everything a person bought that day. */
export const LIMIT_SCOPES = ['order', 'day'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

/** One tax line; `basisPoints` is hundredths of a percent (1200 = 12 %), so a rate is a whole number. */
export interface TaxLine {
  name: string;
  basisPoints: number;
  appliesTo: TaxBase;
}

/** The rules of a state that come from a law or a regulator, each with where it comes from. */
export const STATE_RULES = ['sales', 'opensOn', 'taxes', 'limitScope', 'deliveryHours'] as const;
export type StateRule = (typeof STATE_RULES)[number];

/** Where a rule comes from, when it was checked (YYYY-MM-DD), and whether it still waits to be confirmed. */
export interface RuleSource {
  source: string;
  checkedOn: string;
  toConfirm: boolean;
}
