import type { Ref } from 'react';

/** A select with its visible label (sort orders, filters). `inline` sets the label beside it. */
export default function LabelledSelect({
  id,
  label,
  value,
  options,
  onChange,
  inline = false,
  selectRef,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  inline?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <div className={inline ? 'flex items-center gap-2' : 'flex flex-col gap-2'}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
