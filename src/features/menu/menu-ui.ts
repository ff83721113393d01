/**
 * Rules the menu's admin screens follow, kept out of the components so they can be tested: moving
 * a row in a list, the edit forms' conversion to the API's input, and how a deal's window reads.
 */
import { formatNyTime } from '../../lib/ny-time.ts';
import { splitList } from '../catalog/catalog.ts';
import type { AdminCategory, MenuKind } from './categories.ts';
import type { AdminDeal } from './deals.ts';

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged past either end. */
export function moveId(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}

/** The category and strain dialog's fields as typed. */
export interface MenuForm {
  name: string;
  slug: string;
  description: string;
  image: string;
  strainType: string;
  effects: string[];
  bestFor: string;
}

export const EMPTY_MENU_FORM: MenuForm = { name: '', slug: '', description: '', image: '', strainType: '', effects: [], bestFor: '' };

export function menuItemToForm(item: AdminCategory): MenuForm {
  return {
    name: item.name,
    slug: item.slug,
    description: item.description,
    image: item.image ?? '',
    strainType: item.strainType ?? '',
    effects: splitList(item.effects),
    bestFor: item.bestFor,
  };
}

/**
 * What the dialog sends (to be checked by the kind's schema): an empty slug on a new one means "make
 * one from the name"; an empty image means none; a strain's own fields only for strains.
 */
export function menuFormToInput(kind: MenuKind, form: MenuForm, creating: boolean): Record<string, unknown> {
  const slug = form.slug.trim();
  return {
    name: form.name,
    ...(creating && slug === '' ? {} : { slug }),
    description: form.description,
    image: form.image.trim() || null,
    ...(kind === 'strain'
      ? { ...(form.strainType ? { strainType: form.strainType } : {}), effects: form.effects.join(', '), bestFor: form.bestFor }
      : {}),
  };
}

/** The deal dialog's fields as typed; the window is New York wall time from datetime-local. */
export interface DealForm {
  name: string;
  percentOff: string;
  productIds: number[];
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export const EMPTY_DEAL_FORM: DealForm = { name: '', percentOff: '', productIds: [], startsAt: '', endsAt: '', active: true };

export function dealToForm(deal: AdminDeal): DealForm {
  return {
    name: deal.name,
    percentOff: String(deal.percentOff),
    productIds: [...deal.productIds],
    startsAt: deal.startsAt ?? '',
    endsAt: deal.endsAt ?? '',
    active: deal.active,
  };
}

/** What the deal dialog sends (to be checked by DealInput): an empty side of the window is open. */
export function dealFormToInput(form: DealForm): Record<string, unknown> {
  const percent = form.percentOff.trim();
  return {
    name: form.name,
    ...(percent === '' ? {} : { percentOff: Number(percent) }),
    productIds: form.productIds,
    startsAt: form.startsAt || null,
    endsAt: form.endsAt || null,
    active: form.active,
  };
}

/** A deal's window as a person in New York reads it. */
export function dealWindowText(deal: Pick<AdminDeal, 'startsAtMs' | 'endsAtMs'>): string {
  const { startsAtMs: start, endsAtMs: end } = deal;
  if (start != null && end != null) return `${formatNyTime(start)} to ${formatNyTime(end)}`;
  if (start != null) return `From ${formatNyTime(start)}`;
  if (end != null) return `Until ${formatNyTime(end)}`;
  return 'No start or end';
}

/** Products whose name contains every word typed, at most `limit`, in the list's order. */
export function searchByName<T extends { name: string }>(items: readonly T[], query: string, limit: number): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: T[] = [];
  for (const item of items) {
    const name = item.name.toLowerCase();
    if (words.every((w) => name.includes(w))) out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
