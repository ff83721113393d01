/**
 * Rules for the admin's categories and strains (M1, M4): when a name is taken, when one may be
 * retired, and how a new order of them is checked. Any of them may be renamed: the shop's rules
 * read a built-in category's kind, not its name (catalog.ts categoryKey). Strains are categories
 * beneath Flower, so both share these rules and the same table.
 */
import type { ApiCategory, CategoryName } from '../catalog/catalog.ts';

/** The two kinds the admin edits; also their audit entity and their slug-redirect kind. */
export type MenuKind = 'category' | 'strain';

/** Strains live beneath this category. */
export const STRAIN_PARENT: CategoryName = 'Flower';

/** A category or strain as the admin lists it: with its retired flag and its active products. */
export interface AdminCategory extends ApiCategory {
  retired: boolean;
  /** How many active products name it (as category, or as strain). */
  activeProducts: number;
}

const plural = (kind: MenuKind) => (kind === 'category' ? 'categories' : 'strains');
const products = (n: number) => `${n} active ${n === 1 ? 'product' : 'products'}`;

/** Why a category or strain with active products cannot be retired, naming how many it holds. */
export function retireRefusal(kind: MenuKind, activeProducts: number): string | null {
  return activeProducts > 0 ? `This ${kind} still holds ${products(activeProducts)}` : null;
}

/** The same name twice among siblings would make two categories (or strains) no one can tell apart. */
export function duplicateName(
  kind: MenuKind,
  name: string,
  siblings: readonly { id: number; name: string }[],
  self?: number,
): string | null {
  const taken = siblings.some((s) => s.id !== self && s.name.toLowerCase() === name.toLowerCase());
  return taken ? `There is already a ${kind} named ${name}` : null;
}

/**
 * A reorder names every sibling exactly once; anything else means the list the admin sorted is not
 * the list there is now (another admin added or removed one meanwhile).
 */
export function orderRefusal(kind: MenuKind, siblingIds: readonly number[], ids: readonly number[]): string | null {
  const current = new Set(siblingIds);
  const complete = ids.length === current.size && ids.every((id) => current.has(id));
  return complete ? null : `The list of ${plural(kind)} has changed. Reload it and try again.`;
}
