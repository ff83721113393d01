/**
 * The menu's admin inputs (categories, strains, deals), one schema each for the admin forms and
 * the server. Effects and best-for travel as the comma-separated text the database keeps
 * ('Relaxing, Happy'); the schema checks each entry and writes the list back in one spelling.
 */
import * as v from 'valibot';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { STRAIN_TYPES } from '../catalog/browse.ts';
import { EFFECTS, splitList } from '../catalog/catalog.ts';
import { SafeUrl } from '../images/site-images.schema.ts';

/** The longest name and slug a category, strain or deal takes (an address stays readable). */
export const MENU_LIMITS = {
  name: 80,
  slug: 80,
  description: 2000,
  bestForEntries: 8,
  bestForEntry: 40,
  dealProducts: 1000,
  /** Every top-level category or every strain in one reorder. */
  orderIds: 500,
} as const;

/** Deals take off a whole percent in this range: a deal is never free and never a rounding error. */
export const DEAL_PERCENT = { min: 1, max: 90 } as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const Name = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.nonEmpty('Name is required'),
  v.maxLength(MENU_LIMITS.name, `The name must be at most ${MENU_LIMITS.name} characters`),
);

const Slug = v.pipe(
  v.string('Enter a slug'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Enter a slug, or leave it out to make one from the name'),
  v.maxLength(MENU_LIMITS.slug, `The slug must be at most ${MENU_LIMITS.slug} characters`),
  v.regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (e.g. pre-rolls)'),
);

const Description = v.pipe(
  v.string('The description must be text'),
  v.trim(),
  v.maxLength(MENU_LIMITS.description, `The description must be at most ${MENU_LIMITS.description} characters`),
);

/** An image path or https URL; empty or null means none. */
const Image = v.pipe(
  v.nullable(
    v.union(
      [v.literal(''), SafeUrl('Use a path on this site (/...) or an https:// address')],
      'Use a path on this site (/...) or an https:// address',
    ),
  ),
  v.transform((s) => s || null),
);

const canonicalEffect = new Map(EFFECTS.map((e) => [e.toLowerCase(), e]));

/** 'relaxing,  Happy, relaxing' -> 'Relaxing, Happy'; an entry outside the vocabulary is refused. */
const Effects = v.pipe(
  v.string('Effects must be text'),
  v.maxLength(500, 'Too many effects'),
  v.transform((s: string) => splitList(s)),
  v.check((list) => list.every((e) => canonicalEffect.has(e.toLowerCase())), `Choose effects from: ${EFFECTS.join(', ')}`),
  v.transform((list) => [...new Set(list.map((e) => canonicalEffect.get(e.toLowerCase()) ?? e))].join(', ')),
);

/** Occasions ('Evening, Social'): short words, a handful, no repeats. */
const BestFor = v.pipe(
  v.string('Best for must be text'),
  v.maxLength(500, 'Best for is too long'),
  v.transform((s: string) => splitList(s)),
  v.check(
    (list) => list.every((b) => b.length <= MENU_LIMITS.bestForEntry && /^[\p{L}\p{N}][\p{L}\p{N} &'-]*$/u.test(b)),
    `Each occasion is a word or two (at most ${MENU_LIMITS.bestForEntry} characters, letters and digits)`,
  ),
  v.check((list) => list.length <= MENU_LIMITS.bestForEntries, `At most ${MENU_LIMITS.bestForEntries} occasions`),
  v.transform((list) => {
    const seen = new Set<string>();
    return list.filter((b) => !seen.has(b.toLowerCase()) && seen.add(b.toLowerCase())).join(', ');
  }),
);

const StrainType = v.picklist(STRAIN_TYPES, `Choose a strain type: ${STRAIN_TYPES.join(', ')}`);

const categoryFields = {
  name: Name,
  slug: v.optional(Slug),
  description: v.optional(Description, ''),
  image: v.optional(Image, null),
};

export const CategoryCreate = v.strictObject(categoryFields);
export type CategoryCreate = v.InferOutput<typeof CategoryCreate>;

/** Only the fields sent are changed. */
export const CategoryUpdate = v.strictObject({
  name: v.optional(Name),
  slug: v.optional(Slug),
  description: v.optional(Description),
  image: v.optional(Image),
});
export type CategoryUpdate = v.InferOutput<typeof CategoryUpdate>;

export const StrainCreate = v.strictObject({
  ...categoryFields,
  strainType: StrainType,
  effects: v.optional(Effects, ''),
  bestFor: v.optional(BestFor, ''),
});
export type StrainCreate = v.InferOutput<typeof StrainCreate>;

export const StrainUpdate = v.strictObject({
  name: v.optional(Name),
  slug: v.optional(Slug),
  description: v.optional(Description),
  image: v.optional(Image),
  strainType: v.optional(StrainType),
  effects: v.optional(Effects),
  bestFor: v.optional(BestFor),
});
export type StrainUpdate = v.InferOutput<typeof StrainUpdate>;

const RowId = v.pipe(v.number('Ids are whole numbers'), v.integer('Ids are whole numbers'), v.minValue(1, 'Ids are whole numbers'));

/** PUT .../order: every top-level category (or every strain), in the order they are to show. */
export const MenuOrder = v.strictObject({
  ids: v.pipe(
    v.array(RowId, 'Send the ids in their new order'),
    v.nonEmpty('Send the ids in their new order'),
    v.maxLength(MENU_LIMITS.orderIds, `At most ${MENU_LIMITS.orderIds} ids`),
    v.check((ids) => new Set(ids).size === ids.length, 'Each id once'),
  ),
});
export type MenuOrder = v.InferOutput<typeof MenuOrder>;

/** A New York wall time ('YYYY-MM-DDTHH:mm', what datetime-local gives) that names an instant. */
export const NyWallTimeInput = v.pipe(
  v.string('Enter a date and time'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const result = fromNyWallTime(dataset.value);
    if (!result.ok) addIssue({ message: result.message });
  }),
);

const dealFields = {
  name: Name,
  percentOff: v.pipe(
    v.number('Percent off is required'),
    v.integer('Percent off is a whole number'),
    v.minValue(DEAL_PERCENT.min, `Percent off is ${DEAL_PERCENT.min} to ${DEAL_PERCENT.max}`),
    v.maxValue(DEAL_PERCENT.max, `Percent off is ${DEAL_PERCENT.min} to ${DEAL_PERCENT.max}`),
  ),
  productIds: v.pipe(
    v.array(RowId, 'Choose the products'),
    v.nonEmpty('Choose at least one product'),
    v.maxLength(MENU_LIMITS.dealProducts, `At most ${MENU_LIMITS.dealProducts} products in one deal`),
    v.transform((ids) => [...new Set(ids)]),
  ),
  /** Null: open-ended on that side. */
  startsAt: v.nullable(NyWallTimeInput),
  endsAt: v.nullable(NyWallTimeInput),
  active: v.boolean('Active is true or false'),
};

/** Whether a window ends after it starts (either side may be open). */
export function windowInOrder(startsAt: number | null, endsAt: number | null): boolean {
  return startsAt == null || endsAt == null || endsAt > startsAt;
}

export const END_BEFORE_START = 'The end must be after the start';

const wallMs = (wall: string | null | undefined) => {
  if (wall == null) return null;
  const result = fromNyWallTime(wall);
  return result.ok ? result.ms : null;
};

export const DealInput = v.pipe(
  v.strictObject({
    ...dealFields,
    startsAt: v.optional(dealFields.startsAt, null),
    endsAt: v.optional(dealFields.endsAt, null),
    active: v.optional(dealFields.active, true),
  }),
  v.forward(
    v.partialCheck([['startsAt'], ['endsAt']], (d) => windowInOrder(wallMs(d.startsAt), wallMs(d.endsAt)), END_BEFORE_START),
    ['endsAt'],
  ),
);
export type DealInput = v.InferOutput<typeof DealInput>;

/** Only the fields sent are changed; the window is checked against the deal's other side. */
export const DealUpdate = v.strictObject({
  name: v.optional(dealFields.name),
  percentOff: v.optional(dealFields.percentOff),
  productIds: v.optional(dealFields.productIds),
  startsAt: v.optional(dealFields.startsAt),
  endsAt: v.optional(dealFields.endsAt),
  active: v.optional(dealFields.active),
});
export type DealUpdate = v.InferOutput<typeof DealUpdate>;
