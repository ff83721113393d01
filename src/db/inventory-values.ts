/**
 * Values of the inventory and track-and-trace columns (D40), shared by the schema and the
 * features. Plain constants, so an island can import them without the schema.
 */

/** What a package is counted in: grams for products sold by weight, pieces for the rest (decision 0006). */
export const PACKAGE_UNITS = ['g', 'each'] as const;
export type PackageUnit = (typeof PACKAGE_UNITS)[number];

/** A finished package sells no more; one a cancel returns stock to is active again. */
export const PACKAGE_STATUSES = ['active', 'finished'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/**
 * A Metrc package tag (UID): 24 characters, upper-case letters and digits, starting "1A4" (Metrc's
 * prefix for its tags). Checked on every write, so the shop never reports a tag Metrc would refuse.
 */
export const METRC_TAG_PATTERN = /^1A4[0-9A-Z]{21}$/;

/** Where a delivery report to Metrc stands (D40). */
export const METRC_REPORT_STATUSES = ['waiting', 'needs_tag', 'sent', 'failed'] as const;
export type MetrcReportStatus = (typeof METRC_REPORT_STATUSES)[number];
