/**
 * D40: the Packages tab's forms as text (what the fields hold) and the API inputs they become.
 * Pure, so the conversions are tested without a browser; the schemas (packages.schema.ts) judge
 * the result on both sides.
 */
import type { PackageUnit } from '../../db/inventory-values.ts';
import { nyDate } from '../../lib/ny-time.ts';
import type { AdminPackage } from '../inventory/package-view.ts';
import type { AdjustReason, PackageReceiveInput } from '../inventory/packages.schema.ts';

/** The lab results' fields; all empty means none. */
export interface LabForm {
  thcPercent: string;
  cbdPercent: string;
  thcMg: string;
  testedOn: string;
  lab: string;
}

export interface ReceiveForm extends LabForm {
  productId: string;
  tag: string;
  quantity: string;
  batch: string;
  receivedOn: string;
}

export interface EditForm extends LabForm {
  tag: string;
  batch: string;
}

export interface AdjustForm {
  reason: AdjustReason;
  /** The amount taken off (waste, damage) or the count (a correction). */
  amount: string;
  note: string;
}

export interface FinishForm {
  reason: AdjustReason;
  note: string;
}

const NO_LAB: LabForm = { thcPercent: '', cbdPercent: '', thcMg: '', testedOn: '', lab: '' };

export const emptyReceiveForm = (productId = ''): ReceiveForm => ({
  productId,
  tag: '',
  quantity: '',
  batch: '',
  receivedOn: nyDate(Date.now()),
  ...NO_LAB,
});

const numberText = (n: number | null | undefined) => (n == null ? '' : String(n));

export function editFormOf(pkg: AdminPackage): EditForm {
  const lab = pkg.labResults;
  return {
    tag: pkg.tag ?? '',
    batch: pkg.batch,
    thcPercent: numberText(lab?.thcPercent),
    cbdPercent: numberText(lab?.cbdPercent),
    thcMg: numberText(lab?.thcMg),
    testedOn: lab?.testedOn ?? '',
    lab: lab?.lab ?? '',
  };
}

/** A number field: empty is null; anything else as typed, so the schema can say what is wrong with it. */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** A required number field: as typed (NaN and '' are refused by the schema with the field's message). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The lab results as the API takes them; null when every lab field is empty. */
export function labInput(form: LabForm) {
  if (Object.values(pickLab(form)).every((v) => v.trim() === '')) return null;
  return {
    thcPercent: numberOrNull(form.thcPercent),
    cbdPercent: numberOrNull(form.cbdPercent),
    thcMg: numberOrNull(form.thcMg),
    testedOn: form.testedOn,
    lab: form.lab,
  };
}

const pickLab = ({ thcPercent, cbdPercent, thcMg, testedOn, lab }: LabForm): LabForm => ({ thcPercent, cbdPercent, thcMg, testedOn, lab });

/** POST /api/admin/packages from the receive form; the unit is the chosen product's. */
export function receiveInput(form: ReceiveForm, unit: PackageUnit): PackageReceiveInput {
  return {
    tag: form.tag.trim() === '' ? null : form.tag,
    productId: form.productId === '' ? 0 : Number(form.productId),
    quantity: numberOf(form.quantity),
    unit,
    batch: form.batch,
    ...(form.receivedOn ? { receivedOn: form.receivedOn } : {}),
    labResults: labInput(form),
  };
}

/** PATCH /api/admin/packages/{id} from the edit form: everything it shows (what did not change writes nothing). */
export function editInput(form: EditForm) {
  return { tag: form.tag.trim() === '' ? null : form.tag, batch: form.batch, labResults: labInput(form) };
}

/** POST /api/admin/packages/{id}/adjust: a count is a correction to what was counted; waste and damage take the amount off. */
export function adjustInput(form: AdjustForm) {
  const amount = numberOf(form.amount);
  return form.reason === 'correction'
    ? { reason: form.reason, countedQuantity: amount, note: form.note }
    : { reason: form.reason, quantity: amount, note: form.note };
}

/** The API's and the schemas' field paths as the forms name their fields ('labResults.lab' is lab; a count's or change's is amount). */
export function formField(path: string): string {
  if (path.startsWith('labResults.')) return path.slice('labResults.'.length);
  if (path === 'labResults') return 'testedOn';
  if (path === 'quantity' || path === 'countedQuantity') return 'amount';
  return path;
}

/** The same for a receive form, whose quantity is its own field. */
export const receiveField = (path: string): string => (path === 'quantity' ? 'quantity' : formField(path));

export const renameFields = (errors: Record<string, string>, rename: (path: string) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [rename(path), message]));
