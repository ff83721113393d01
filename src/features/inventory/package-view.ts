/**
 * D40: a package as the admin API answers it and the Packages tab shows it. Quantities are in the
 * package's unit (grams or pieces), never in stock units.
 */
import type { PackageStatus, PackageUnit } from '../../db/inventory-values.ts';
import type { LabResults, PackageReceive } from './packages.schema.ts';

export interface AdminPackage {
  id: number;
  /** The Metrc tag; null while the package needs one (its sales wait in track and trace). */
  tag: string | null;
  /** Whether the product is cannabis, traced in Metrc by tag; an accessory's package needs none. */
  traced: boolean;
  productId: number;
  productName: string;
  unit: PackageUnit;
  /** What it holds now. */
  quantity: number;
  /** What it held when it came in. */
  received: number;
  batch: string;
  /** 'YYYY-MM-DD', New York: first in, first out sells the oldest first. */
  receivedOn: string;
  /** From the certificate of analysis; null until entered. */
  labResults: LabResults | null;
  /** Where the COA opens (the shop's own address); null when none was uploaded. */
  coaUrl: string | null;
  status: PackageStatus;
  /** Epoch ms of the last change. */
  updatedAt: number;
}

/** GET /api/admin/packages: the packages, and whether more matched than the list shows. */
export interface PackageList {
  packages: AdminPackage[];
  more: boolean;
}

const quantityText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** '3.5 g', '1 piece', '12 pieces'. */
export function formatPackageQuantity(quantity: number, unit: PackageUnit): string {
  if (unit === 'g') return `${quantityText.format(quantity)} g`;
  return `${quantityText.format(quantity)} ${quantity === 1 ? 'piece' : 'pieces'}`;
}

/** What a unit is called in a form's label: 'grams' or 'pieces'. */
export const unitWord = (unit: PackageUnit): string => (unit === 'g' ? 'grams' : 'pieces');

/** A package's name in a sentence: its tag, or its number while it has none. */
export const packageName = (pkg: { id: number; tag: string | null }): string => pkg.tag ?? `package #${pkg.id} (no tag yet)`;

/** The lab results in one line: 'THC 21.4% · CBD 0.1% · tested 2026-11-02 by Steep Hill'. */
export function labResultsText(lab: LabResults | null): string {
  if (!lab) return '';
  const parts = [
    lab.thcPercent != null ? `THC ${lab.thcPercent}%` : null,
    lab.cbdPercent != null ? `CBD ${lab.cbdPercent}%` : null,
    lab.thcMg != null ? `${quantityText.format(lab.thcMg)} mg THC` : null,
    `tested ${lab.testedOn} by ${lab.lab}`,
  ];
  return parts.filter((p) => p != null).join(' · ');
}

/** What a package's product decides: its name, its slug (the CSV names it so) and the unit its packages are counted in. */
export interface PackageProduct {
  id: number;
  name: string;
  slug: string;
  unit: PackageUnit;
}

/** A package to receive, its product found. */
export interface Receipt {
  product: PackageProduct;
  input: PackageReceive;
}

export const UNKNOWN_PRODUCT = 'There is no product with that id. Choose one of the menu.';

/** The message when `unit` is not what `product`'s packages are counted in. */
export const wrongUnitMessage = (product: PackageProduct): string =>
  `${product.name} is counted in ${unitWord(product.unit)}: its packages take the unit "${product.unit}".`;

/** Why a receipt cannot be written as asked (no such product, the wrong unit); null when it can. */
export function receiptProblem(
  product: PackageProduct | undefined,
  input: Pick<PackageReceive, 'unit'>,
): { field: 'productId' | 'unit'; message: string } | null {
  if (!product) return { field: 'productId', message: UNKNOWN_PRODUCT };
  if (product.unit !== input.unit) return { field: 'unit', message: wrongUnitMessage(product) };
  return null;
}

export const tagTakenMessage = (tag: string, owner?: { id: number; productName: string }): string =>
  owner
    ? `The tag ${tag} is already on package #${owner.id} (${owner.productName}). Each Metrc tag names one package.`
    : `The tag ${tag} is already on another package. Each Metrc tag names one package.`;
