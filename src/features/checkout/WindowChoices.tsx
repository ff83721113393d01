/**
 * The open state of checkout's window picker (D36): the days, then the chosen day's windows with
 * their hours and places left. Fetched with the windows themselves (WindowPicker.tsx), since only
 * then does the page need New York time (ny-time) to show them.
 */
import { addDays, type BookableWindow, PART_LABELS, timeText } from '../delivery/windows.ts';
import { DELIVERY_WINDOWS, SITE } from '../site/settings.ts';
import type { WindowChoiceValue } from './WindowPicker.tsx';

/** At or under this many places a window says how many are left. */
export const FEW_PLACES_LEFT = 3;

const ASAP = DELIVERY_WINDOWS.find((w) => w.value === 'asap') as (typeof DELIVERY_WINDOWS)[number];

function dayName(date: string, today: string, sample: BookableWindow): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return sample.dayLabel;
}

const radioCard =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700';

export interface WindowChoicesProps {
  id: string;
  today: string;
  windows: readonly BookableWindow[];
  /** Today's ASAP window (the first open one today), if any. */
  asapToday: BookableWindow | undefined;
  day: string | null;
  onDay: (date: string) => void;
  choice: WindowChoiceValue;
  onChoice: (choice: WindowChoiceValue) => void;
  error?: string | undefined;
}

export default function WindowChoices({ id, today, windows, asapToday, day, onDay, choice, onChoice, error }: WindowChoicesProps) {
  const errorId = `${id}-error`;
  const errorText = error && (
    <p id={errorId} className="mt-2 text-sm text-red-700">
      {error}
    </p>
  );
  if (windows.length === 0) {
    return (
      <div>
        <p role="status" className="text-sm text-muted">
          Every delivery window is full or closed for now. Please try again later, or call us at {SITE.phone}.
        </p>
        {errorText}
      </div>
    );
  }
  const days = [...new Set(windows.map((w) => w.date))];
  const shownDay = day && days.includes(day) ? day : (days[0] as string);
  const asap = shownDay === today ? asapToday : undefined;
  const dayWindows = windows.filter((w) => w.date === shownDay);

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Delivery day</legend>
        <div className="flex flex-wrap gap-2">
          {days.map((date) => {
            const sample = windows.find((w) => w.date === date) as BookableWindow;
            return (
              <label key={date} className={`${radioCard} px-3 py-2`}>
                <input
                  type="radio"
                  name="deliveryDay"
                  value={date}
                  checked={date === shownDay}
                  onChange={() => onDay(date)}
                  className="accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">{dayName(date, today, sample)}</span>
                  {date === today || date === addDays(today, 1) ? (
                    <span className="block text-xs text-muted">{sample.dayLabel}</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset id={id} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold">Delivery window</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {asap && (
            <label className={radioCard}>
              <input
                type="radio"
                name="deliveryWindow"
                value="asap"
                checked={choice === 'asap'}
                onChange={() => onChoice('asap')}
                className="accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{ASAP.label}</span>
                <span className="block text-sm text-muted">
                  {ASAP.detail}, {asap.label}
                </span>
              </span>
            </label>
          )}
          {dayWindows.map((w) => (
            <label key={w.id} className={radioCard}>
              <input
                type="radio"
                name="deliveryWindow"
                value={w.id}
                checked={choice === w.id}
                onChange={() => onChoice(w.id)}
                className="accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{PART_LABELS[w.part]}</span>
                <span className="block text-sm text-muted">
                  {timeText(w.start)} - {timeText(w.end)}
                </span>
                {w.placesLeft <= FEW_PLACES_LEFT && <span className="block text-sm font-medium text-amber-900">{w.placesLeft} left</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {errorText}
    </div>
  );
}
