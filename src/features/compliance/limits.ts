/**
 * D15: purchase limits per jurisdiction. The limits themselves are data (the purchase_limits
 * table); these rules say what each line counts towards and whether a cart stays within them.
 */
import { stateName, type UsStateCode } from '../site/settings.ts';

export type LimitKind = 'flower' | 'concentrate' | 'edible_thc';

export interface PurchaseLimit {
  state: UsStateCode;
  kind: LimitKind;
  /** Grams for flower and concentrate; milligrams of THC for edibles. */
  limitAmount: number;
  unit: 'g' | 'mg';
  source: string;
  lastVerified: string;
}

/** Flower in pre-rolls counts as flower; a vape cartridge's oil counts as concentrate. */
const KIND_BY_CATEGORY: Record<string, LimitKind> = {
  Flower: 'flower',
  'Pre-roll': 'flower',
  Concentrate: 'concentrate',
  Vaporizer: 'concentrate',
  Edible: 'edible_thc',
};

export const KIND_LABELS: Record<LimitKind, string> = {
  flower: 'flower',
  concentrate: 'concentrate',
  edible_thc: 'THC in edibles',
};

export interface LimitLine {
  category: string;
  quantity: number;
  /** Grams of cannabis in one unit (a weight variant, or a pre-roll pack / cartridge). */
  unitGrams: number | null;
  /** THC milligrams in one unit (edibles). */
  thcMg: number | null;
}

export type Usage = Record<LimitKind, number>;

/** How much of each limited kind a list of lines holds (grams, or mg of THC). */
export function usageOf(lines: readonly LimitLine[]): Usage {
  const usage: Usage = { flower: 0, concentrate: 0, edible_thc: 0 };
  for (const line of lines) {
    const kind = KIND_BY_CATEGORY[line.category];
    if (!kind) continue;
    const perUnit = kind === 'edible_thc' ? line.thcMg : line.unitGrams;
    usage[kind] += (perUnit ?? 0) * line.quantity;
  }
  // Sums of half grams are exact in binary, but a tenth-gram cartridge is not: round to 0.001.
  for (const kind of Object.keys(usage) as LimitKind[]) usage[kind] = Math.round(usage[kind] * 1000) / 1000;
  return usage;
}

export interface LimitMeterRow {
  kind: LimitKind;
  label: string;
  used: number;
  limit: number;
  unit: 'g' | 'mg';
  /** 0..1+ share of the limit the cart uses. */
  share: number;
  over: boolean;
}

/** The meter: one row per limit of the state, with the share used. */
export function limitMeter(usage: Usage, limits: readonly PurchaseLimit[]): LimitMeterRow[] {
  return limits.map((l) => ({
    kind: l.kind,
    label: KIND_LABELS[l.kind],
    used: usage[l.kind],
    limit: l.limitAmount,
    unit: l.unit,
    share: l.limitAmount > 0 ? usage[l.kind] / l.limitAmount : 0,
    over: usage[l.kind] > l.limitAmount,
  }));
}

const amount = (n: number, unit: 'g' | 'mg') => `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;

/** The sentences a shopper reads when the cart is over a limit; empty when within all of them. */
export function limitViolations(usage: Usage, limits: readonly PurchaseLimit[]): string[] {
  return limitMeter(usage, limits)
    .filter((row) => row.over)
    .map((row) => {
      const state = limits.find((l) => l.kind === row.kind)?.state;
      const where = state ? stateName(state) : 'This state';
      return `${where} allows at most ${amount(row.limit, row.unit)} of ${row.label} per order; your cart has ${amount(row.used, row.unit)}.`;
    });
}

/** What remains of each of the state's limits after `used` (never below zero). */
export function remainingOf(used: Usage, limits: readonly PurchaseLimit[]): { kind: LimitKind; remaining: number; unit: 'g' | 'mg' }[] {
  return limits.map((l) => ({
    kind: l.kind,
    remaining: Math.max(0, Math.round((l.limitAmount - used[l.kind]) * 1000) / 1000),
    unit: l.unit,
  }));
}

/** Two usages added, kind by kind (rounded as usageOf rounds). */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum = (k: LimitKind) => Math.round((a[k] + b[k]) * 1000) / 1000;
  return { flower: sum('flower'), concentrate: sum('concentrate'), edible_thc: sum('edible_thc') };
}

/**
 * D39: the refusal of an order that passes a day's limit with what the person already bought that
 * day, naming what remains today of every limited kind (so the shopper can fit the order), or null.
 */
export function dailyLimitRefusal(today: Usage, order: Usage, limits: readonly PurchaseLimit[]): string | null {
  const over = limitMeter(addUsage(today, order), limits).filter((row) => row.over);
  if (over.length === 0) return null;
  const state = limits[0]?.state;
  const where = state ? stateName(state) : 'This state';
  const kinds = over.map((row) => `${amount(row.limit, row.unit)} of ${row.label}`).join(' and ');
  const left = remainingOf(today, limits)
    .map((r) => `${amount(r.remaining, r.unit)} of ${KIND_LABELS[r.kind]}`)
    .join(', ');
  return `${where} allows at most ${kinds} per person a day, counting today's earlier orders. You can still buy ${left} today.`;
}
