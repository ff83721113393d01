import { useId } from 'react';
import type { WeightOption } from './catalog.ts';

interface Props {
  options: readonly WeightOption[];
  value: string | null;
  onChange: (key: string) => void;
  /** Names the group for screen readers, e.g. 'Weight for Blue Dream'. */
  label: string;
  size?: 'sm' | 'md';
}

/** Weight options as a radio group drawn as segmented buttons (arrow keys move between them). */
export default function WeightPicker({ options, value, onChange, label, size = 'sm' }: Props) {
  const name = useId();
  if (options.length === 0) return null;
  const pad = size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm';
  return (
    <fieldset className="relative z-10">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((w) => (
          <label key={w.key} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={w.key}
              checked={value === w.key}
              onChange={() => onChange(w.key)}
              className="peer sr-only"
            />
            <span
              className={`block rounded-md border border-stone-300 bg-white font-medium text-ink hover:border-brand-600 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${pad}`}
            >
              {w.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
