/**
 * D38, the admin's States tab: its words for each rule, the edit form's values, and the patch a
 * save sends (only what changed). Pure, so the island and its tests share it.
 */
import {
  LIMIT_SCOPES,
  type LimitScope,
  type RuleSource,
  STATE_RULES,
  STATE_SALES,
  type StateRule,
  type StateSales,
  TAX_BASES,
  type TaxBase,
  type TaxLine,
} from '../../db/state-values.ts';
import { dateLabel } from './delivery-settings.ts';
import type { AdminState } from './states.ts';

export const SALES_LABELS: Record<StateSales, string> = {
  adult: 'Adults 21+',
  patients: 'Registered patients and caregivers only',
  closed: 'Closed',
};

export const TAX_BASE_LABELS: Record<TaxBase, string> = {
  goods: 'Goods',
  fee: 'Delivery fee',
  both: 'Goods and delivery fee',
};

export const LIMIT_SCOPE_LABELS: Record<LimitScope, string> = {
  order: 'Per order',
  day: 'Per person per day',
};

export const RULE_LABELS: Record<StateRule, string> = {
  sales: 'Sales',
  opensOn: 'Opening date',
  taxes: 'Taxes',
  limitScope: 'Limits',
  deliveryHours: 'Delivery hours',
};

export const SALES_CHOICES = STATE_SALES.map((s) => ({ value: s, label: SALES_LABELS[s] }));
export const TAX_BASE_CHOICES = TAX_BASES.map((b) => ({ value: b, label: TAX_BASE_LABELS[b] }));
export const LIMIT_SCOPE_CHOICES = LIMIT_SCOPES.map((s) => ({ value: s, label: LIMIT_SCOPE_LABELS[s] }));

/** A percent as the screen writes it: 12 %, 10.25 %. */
export const percentText = (percent: number): string => `${percent} %`;

/** A tax line in words: "Maryland cannabis sales and use tax: 12 % on goods". */
export const taxText = (t: { name: string; percent: number; appliesTo: TaxBase }): string =>
  `${t.name}: ${percentText(t.percent)} on ${TAX_BASE_LABELS[t.appliesTo].toLowerCase()}`;

/** What the state allows today, and what its row says from its opening date when that is still ahead. */
export function salesText(state: Pick<AdminState, 'sales' | 'opensOn' | 'rules'>): string {
  const today = SALES_LABELS[state.sales];
  if (state.sales === state.rules.sales || state.opensOn == null) return today;
  return `${today} today; ${SALES_LABELS[state.rules.sales].toLowerCase()} from ${dateLabel(state.opensOn)}`;
}

export const opensOnText = (opensOn: string | null): string => (opensOn == null ? 'No date set' : dateLabel(opensOn));

/** The edit form's values: text as the controls hold it. */
export interface StateForm {
  sales: StateSales;
  /** YYYY-MM-DD, or '' for no date. */
  opensOn: string;
  taxes: TaxForm[];
  limitScope: LimitScope;
  deliveryStart: string;
  deliveryEnd: string;
  /** D40: the Metrc licence number, '' when none is set. */
  metrcLicense: string;
  sources: Record<StateRule, RuleSource>;
}

export interface TaxForm {
  /** Keeps a row's controls while rows above it are removed. */
  key: string;
  name: string;
  percent: string;
  appliesTo: TaxBase;
}

export function stateToForm(state: AdminState, newKey: () => string): StateForm {
  const r = state.rules;
  return {
    sales: r.sales,
    opensOn: r.opensOn ?? '',
    taxes: r.taxes.map((t: TaxLine) => ({ key: newKey(), name: t.name, percent: String(t.basisPoints / 100), appliesTo: t.appliesTo })),
    limitScope: r.limitScope,
    deliveryStart: r.deliveryStart,
    deliveryEnd: r.deliveryEnd,
    metrcLicense: r.metrcLicense ?? '',
    sources: Object.fromEntries(STATE_RULES.map((rule) => [rule, { ...r.sources[rule] }])) as Record<StateRule, RuleSource>,
  };
}

const taxesInput = (taxes: readonly TaxForm[]) =>
  taxes.map((t) => ({
    name: t.name,
    // Empty is no number: the schema then asks for one.
    percent: t.percent.trim() === '' ? Number.NaN : Number(t.percent),
    appliesTo: t.appliesTo,
  }));

const sameTaxes = (a: readonly TaxForm[], b: readonly TaxForm[]) =>
  a.length === b.length &&
  a.every((t, i) => {
    const o = b[i];
    return o != null && t.name === o.name && t.appliesTo === o.appliesTo && Number(t.percent) === Number(o.percent);
  });

const sameSource = (a: RuleSource, b: RuleSource) => a.source === b.source && a.checkedOn === b.checkedOn && a.toConfirm === b.toConfirm;

/**
 * The PATCH body for what the form changed from `saved`: only the fields that differ; the tax
 * lines, when any differs, as the whole list; a rule's source, when any of its parts differs, whole.
 */
export function formToPatch(form: StateForm, saved: StateForm): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (form.sales !== saved.sales) patch.sales = form.sales;
  if (form.opensOn !== saved.opensOn) patch.opensOn = form.opensOn === '' ? null : form.opensOn;
  if (!sameTaxes(form.taxes, saved.taxes)) patch.taxes = taxesInput(form.taxes);
  if (form.limitScope !== saved.limitScope) patch.limitScope = form.limitScope;
  if (form.deliveryStart !== saved.deliveryStart) patch.deliveryStart = form.deliveryStart;
  if (form.deliveryEnd !== saved.deliveryEnd) patch.deliveryEnd = form.deliveryEnd;
  if (form.metrcLicense.trim() !== saved.metrcLicense) patch.metrcLicense = form.metrcLicense.trim();
  const sources = Object.fromEntries(
    STATE_RULES.filter((r) => !sameSource(form.sources[r], saved.sources[r])).map((r) => [r, form.sources[r]]),
  );
  if (Object.keys(sources).length > 0) patch.sources = sources;
  return patch;
}

/** The audit trail's field names (states.server.ts) in words. */
const HISTORY_FIELDS: Record<string, string> = {
  name: 'Name',
  sales: 'Sales',
  opensOn: 'Opening date',
  taxes: 'Taxes',
  limitScope: 'Limits',
  deliveryHours: 'Delivery hours',
  metrcLicense: 'Metrc licence number',
  sources: 'Sources',
};

export const historyFieldLabel = (field: string): string => HISTORY_FIELDS[field] ?? field;

const parse = <T>(text: string): T | null => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

const sourceText = (s: RuleSource) => `${s.source} (checked ${s.checkedOn}${s.toConfirm ? ', to confirm' : ''})`;

/**
 * Both sides of one history row in words. A change of sources names only the rules whose source
 * changed, so the row says what moved rather than repeating every rule.
 */
export function historyValues(field: string, from: string | null, to: string | null): [string, string] {
  if (field === 'sources' && from != null && to != null) {
    const a = parse<Partial<Record<StateRule, RuleSource>>>(from);
    const b = parse<Partial<Record<StateRule, RuleSource>>>(to);
    if (a && b) {
      const changed = STATE_RULES.filter((r) => JSON.stringify(a[r]) !== JSON.stringify(b[r]));
      const side = (s: Partial<Record<StateRule, RuleSource>>) =>
        changed.map((r) => `${RULE_LABELS[r]}: ${s[r] ? sourceText(s[r]) : '—'}`).join('; ') || '—';
      return [side(a), side(b)];
    }
  }
  return [historyValue(field, from), historyValue(field, to)];
}

/** One recorded value in words: labels for sales and limits, tax lines as percents, no date as "None". */
export function historyValue(field: string, value: string | null): string {
  if (value == null || value === '') return field === 'opensOn' ? 'No date' : '—';
  switch (field) {
    case 'sales':
      return SALES_LABELS[value as StateSales] ?? value;
    case 'limitScope':
      return LIMIT_SCOPE_LABELS[value as LimitScope] ?? value;
    case 'opensOn':
      return dateLabel(value);
    case 'deliveryHours':
      return value.replace('-', ' to ');
    case 'taxes': {
      const lines = parse<TaxLine[]>(value);
      if (!Array.isArray(lines)) return value;
      if (lines.length === 0) return 'No tax';
      return lines.map((t) => taxText({ name: t.name, percent: t.basisPoints / 100, appliesTo: t.appliesTo })).join('; ');
    }
    case 'sources': {
      const all = parse<Partial<Record<StateRule, RuleSource>>>(value);
      if (!all) return value;
      return STATE_RULES.flatMap((r) => (all[r] ? [`${RULE_LABELS[r]}: ${sourceText(all[r])}`] : [])).join('; ');
    }
    default:
      return value;
  }
}
