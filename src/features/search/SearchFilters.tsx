import { useId } from 'react';
import CheckboxGroup from '../../components/ui/CheckboxGroup.tsx';
import LabelledSelect from '../../components/ui/LabelledSelect.tsx';
import { PRICE_RANGE, STRAIN_TYPES } from '../catalog/browse.ts';
import { CATEGORY_NAMES, EFFECTS } from '../catalog/catalog.ts';
import type { SearchState } from './search-page.ts';

interface Props {
  state: SearchState;
  onChange: (state: SearchState) => void;
}

const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORY_NAMES.map((c) => ({ value: c, label: c }))];

const toggle = (list: readonly string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * §2 search filter panel: category, strain type, price-range slider (§9: 0-300 in steps of 5) and
 * effects. The category and strain pages' FilterPanel has no category and its own 'Clear filters'
 * button, which would clash with the empty result's; this panel is driven by the page's chips.
 */
export default function SearchFilters({ state, onChange }: Props) {
  const headingId = useId();
  const categoryId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={headingId} className="sr-only">
        Filters
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-6">
          <LabelledSelect
            id={categoryId}
            label="Category"
            value={state.category}
            options={CATEGORY_OPTIONS}
            onChange={(category) => onChange({ ...state, category })}
          />
          <PriceRange state={state} onChange={onChange} />
        </div>
        <CheckboxGroup
          legend="Strain type"
          options={STRAIN_TYPES}
          checked={state.strainTypes}
          onToggle={(t) => onChange({ ...state, strainTypes: STRAIN_TYPES.filter((s) => toggle(state.strainTypes, t).includes(s)) })}
        />
        <CheckboxGroup
          legend="Effects"
          options={EFFECTS}
          checked={state.effects}
          onToggle={(e) => onChange({ ...state, effects: EFFECTS.filter((s) => toggle(state.effects, e).includes(s)) })}
          className="lg:col-span-2"
          columns
        />
      </div>
    </section>
  );
}

/** Two sliders; each stops at the other so the range never turns inside out. */
function PriceRange({ state, onChange }: { state: SearchState; onChange: (state: SearchState) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">Price range (USD)</legend>
      <p className="mb-2 font-semibold text-sm" aria-hidden="true">
        ${state.minPrice} – ${state.maxPrice}
      </p>
      <div className="flex flex-col gap-2">
        <PriceSlider
          label="Minimum price"
          value={state.minPrice}
          onChange={(n) => onChange({ ...state, minPrice: Math.min(n, state.maxPrice) })}
        />
        <PriceSlider
          label="Maximum price"
          value={state.maxPrice}
          onChange={(n) => onChange({ ...state, maxPrice: Math.max(n, state.minPrice) })}
        />
      </div>
    </fieldset>
  );
}

/** One bound of the range, in dollars, on the price filter's scale. */
function PriceSlider({ label, value, onChange }: { label: string; value: number; onChange: (n: number) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-muted text-xs">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={PRICE_RANGE.min}
        max={PRICE_RANGE.max}
        step={PRICE_RANGE.step}
        value={value}
        aria-valuetext={`$${value}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-brand-700"
      />
    </>
  );
}
