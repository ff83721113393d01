/**
 * D40: what shoppers see of lab results. One rule says which THC and CBD the storefront shows (the
 * product page, the quick view and compare alike): the lab results of the package a shopper gets
 * next when they report a figure, else the figures the product is listed with, never a mix of the
 * two. And the product page's "Lab results" section, which shows only what the lab reported. Pure,
 * for the pages and the islands. The shape itself (ProductLabResults, labResultsOf) lives in the catalogue,
 * below this layer (decision 0019), because every catalogue read carries it.
 */
import type { ApiProduct, CategoryName, ProductLabResults } from '../catalog/catalog.ts';
import { longDate } from '../delivery/states.ts';

export { labResultsOf, type ProductLabResults } from '../catalog/catalog.ts';

/** Where shown figures come from: the next package's certificate of analysis, or the product's listing. */
export type PotencySource = 'lab' | 'listed';

export const POTENCY_SOURCE_LABELS: Record<PotencySource, string> = {
  lab: 'Lab tested',
  listed: 'As listed',
};

export interface ShownPotency {
  thcPercent: number | null;
  cbdPercent: number | null;
  /** THC per unit in milligrams (edibles). */
  thcMg: number | null;
  source: PotencySource;
}

/**
 * The THC and CBD a shopper is shown for a product: its next package's lab results when they report
 * THC, CBD or THC mg, else the product's listed figures. All from one source, so a lab's THC never
 * stands beside a listed CBD: a figure the lab left out shows as missing.
 */
export function shownPotency(
  product: Pick<ApiProduct, 'thcContent' | 'cbdContent' | 'thcMg'>,
  labResults: ProductLabResults | null,
): ShownPotency {
  if (labResults && [labResults.thcPercent, labResults.cbdPercent, labResults.thcMg].some((v) => v != null)) {
    return { thcPercent: labResults.thcPercent, cbdPercent: labResults.cbdPercent, thcMg: labResults.thcMg, source: 'lab' };
  }
  return { thcPercent: product.thcContent, cbdPercent: product.cbdContent, thcMg: product.thcMg, source: 'listed' };
}

/** A figure as entered, without a float's noise (at most two decimals). */
const figure = (value: number) => String(Math.round(value * 100) / 100);
export const percentText = (value: number): string => `${figure(value)}%`;
export const mgText = (value: number): string => `${figure(value)} mg`;

export interface PotencyFigure {
  label: string;
  value: string;
}

/** The figures of `shown` that have a value, labelled, in the order the storefront lists them. */
export function potencyFigures(shown: ShownPotency): PotencyFigure[] {
  const figures: [string, string | null][] = [
    ['THC', shown.thcPercent == null ? null : percentText(shown.thcPercent)],
    ['CBD', shown.cbdPercent == null ? null : percentText(shown.cbdPercent)],
    ['THC per package', shown.thcMg == null ? null : mgText(shown.thcMg)],
  ];
  return figures.flatMap(([label, value]) => (value == null ? [] : [{ label, value }]));
}

/** 'March 3, 2026' for '2026-03-03'; anything not a date as it was written. */
export function testedOnText(testedOn: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(testedOn) ? longDate(testedOn) : testedOn;
}

/** Said where the lab left a field out. */
export const NOT_REPORTED = 'Not reported';
export const LAB_RESULTS_HEADING = 'Lab results';
export const LAB_RESULTS_INTRO = 'From the certificate of analysis of the batch we will deliver next. Another batch may test differently.';
export const LAB_RESULTS_UNAVAILABLE = 'Lab results for this product are not available yet.';
export const COA_LINK_TEXT = 'Certificate of analysis (PDF)';

/** Edibles are labelled with their total THC in milligrams (D15 counts them by it). */
const EDIBLE = 'Edible' satisfies CategoryName;
/** Accessories hold no cannabis: a page without lab results says nothing of them. */
const ACCESSORIES = 'Accessories' satisfies CategoryName;

/** The product page's section: its rows and certificate link, or the words for no results. */
export type LabResultsView =
  | { available: true; rows: { term: string; detail: string }[]; coaUrl: string | null }
  | { available: false; message: string };

/**
 * The "Lab results" section of a product of `category` (its rules' name, catalog.categoryKey):
 * THC %, CBD %, total THC mg for edibles (or wherever the lab reported it), the date tested, the
 * lab and the certificate; or that there are none yet. Null when the section has nothing to say
 * (an accessory without results).
 */
export function labResultsView(labResults: ProductLabResults | null, category: string): LabResultsView | null {
  if (!labResults) return category === ACCESSORIES ? null : { available: false, message: LAB_RESULTS_UNAVAILABLE };
  const or = (value: string | null) => value ?? NOT_REPORTED;
  const rows = [
    { term: 'THC', detail: or(labResults.thcPercent == null ? null : percentText(labResults.thcPercent)) },
    { term: 'CBD', detail: or(labResults.cbdPercent == null ? null : percentText(labResults.cbdPercent)) },
    ...(category === EDIBLE || labResults.thcMg != null
      ? [{ term: 'Total THC', detail: or(labResults.thcMg == null ? null : mgText(labResults.thcMg)) }]
      : []),
    { term: 'Tested on', detail: or(labResults.testedOn == null ? null : testedOnText(labResults.testedOn)) },
    { term: 'Lab', detail: or(labResults.lab) },
  ];
  return { available: true, rows, coaUrl: labResults.coaUrl };
}
