import { SITE } from './settings.ts';

/** The states the shop delivers to, as the options of a state select. */
export default function StateOptions() {
  return SITE.states.map((s) => (
    <option key={s.code} value={s.code}>
      {s.name}
    </option>
  ));
}
