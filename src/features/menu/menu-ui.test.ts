import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AdminCategory } from './categories.ts';
import { DealInput, StrainCreate } from './menu.schema.ts';
import {
  dealFormToInput,
  dealToForm,
  dealWindowText,
  EMPTY_DEAL_FORM,
  EMPTY_MENU_FORM,
  menuFormToInput,
  menuItemToForm,
  moveId,
  searchByName,
} from './menu-ui.ts';

describe('menu screens', () => {
  it('moves a row one place, and not past either end', () => {
    expect(moveId([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it("turns the strain dialog's fields into the input the schema checks, and back", () => {
    const form = { ...EMPTY_MENU_FORM, name: 'Runtz', strainType: 'Hybrid', effects: ['Happy', 'Euphoric'], bestFor: 'Evening' };
    const input = menuFormToInput('strain', form, true);
    expect(input).toEqual({
      name: 'Runtz',
      description: '',
      image: null,
      strainType: 'Hybrid',
      effects: 'Happy, Euphoric',
      bestFor: 'Evening',
    });
    const parsed = v.parse(StrainCreate, input);
    const item: AdminCategory = {
      id: 1,
      parentId: 2,
      kind: null,
      sortOrder: 1,
      retired: false,
      activeProducts: 0,
      subcategories: [],
      slug: 'runtz',
      strainType: parsed.strainType,
      name: parsed.name,
      description: parsed.description,
      image: parsed.image,
      effects: parsed.effects,
      bestFor: parsed.bestFor,
    };
    expect(menuItemToForm(item)).toEqual({ ...form, slug: 'runtz' });
    // Editing sends the slug as it stands, so clearing it is an error to show, not a new slug.
    expect(menuFormToInput('category', { ...form, slug: '' }, false)).toEqual({ name: 'Runtz', slug: '', description: '', image: null });
  });

  it("turns the deal dialog's fields into DealInput: empty window sides are open, an empty percent is missing", () => {
    const input = dealFormToInput({ ...EMPTY_DEAL_FORM, name: 'Weekend', percentOff: ' 20 ', productIds: [4] });
    expect(v.parse(DealInput, input)).toEqual({
      name: 'Weekend',
      percentOff: 20,
      productIds: [4],
      startsAt: null,
      endsAt: null,
      active: true,
    });
    const missing = v.safeParse(DealInput, dealFormToInput({ ...EMPTY_DEAL_FORM, name: 'x', productIds: [4] }));
    expect(missing.success).toBe(false);
    expect(
      dealToForm({
        id: 1,
        name: 'N',
        percentOff: 15,
        productIds: [1],
        startsAt: '2026-11-01T01:30',
        endsAt: null,
        startsAtMs: 0,
        endsAtMs: null,
        active: false,
        state: 'off',
        createdAt: 0,
        updatedAt: 0,
      }),
    ).toEqual({ name: 'N', percentOff: '15', productIds: [1], startsAt: '2026-11-01T01:30', endsAt: '', active: false });
  });

  it('reads a deal window in New York time, naming EDT or EST', () => {
    const open = Date.UTC(2026, 10, 1, 5, 30);
    const close = Date.UTC(2026, 10, 1, 8, 0);
    expect(dealWindowText({ startsAtMs: open, endsAtMs: close })).toBe('Nov 1, 2026, 1:30 AM EDT to Nov 1, 2026, 3:00 AM EST');
    expect(dealWindowText({ startsAtMs: open, endsAtMs: null })).toBe('From Nov 1, 2026, 1:30 AM EDT');
    expect(dealWindowText({ startsAtMs: null, endsAtMs: close })).toBe('Until Nov 1, 2026, 3:00 AM EST');
    expect(dealWindowText({ startsAtMs: null, endsAtMs: null })).toBe('No start or end');
  });

  it('finds products by every word of their name', () => {
    const items = [{ name: 'Blue Dream' }, { name: 'Dream Gummies' }, { name: 'Sour Diesel' }];
    expect(searchByName(items, 'dream', 10)).toEqual([items[0], items[1]]);
    expect(searchByName(items, 'DREAM blue', 10)).toEqual([items[0]]);
    expect(searchByName(items, 'dream', 1)).toEqual([items[0]]);
    expect(searchByName(items, '  ', 10)).toEqual([]);
  });
});
