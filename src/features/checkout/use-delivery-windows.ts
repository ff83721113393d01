import { useCallback, useEffect, useRef, useState } from 'react';
import { loadWindows, type WindowsAnswer } from '../delivery/delivery.api.ts';
import type { BookableWindow } from '../delivery/windows.ts';
import { ZIP_PATTERN } from '../site/settings.ts';
import { loadWindowChoices, type PickerState, type WindowChoiceValue } from './WindowPicker.tsx';

/** The windows answer for one ZIP, as far as it has come. */
type WindowsLoad = { zip: string } & ({ kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; answer: WindowsAnswer });

/**
 * D36: the ZIP's delivery windows, asked for as soon as a whole ZIP is typed, and the shopper's day
 * and window choice among them. An answer for a ZIP typed earlier is dropped when it comes late.
 */
export function useDeliveryWindows(zip: string) {
  const [windowsLoad, setWindowsLoad] = useState<WindowsLoad | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [choice, setChoice] = useState<WindowChoiceValue>('');
  const windowsAsked = useRef(0);
  const askWindows = useCallback((wanted: string) => {
    const asked = ++windowsAsked.current;
    setWindowsLoad({ zip: wanted, kind: 'loading' });
    Promise.all([loadWindows(wanted), loadWindowChoices()]).then(
      ([answer]) => {
        if (asked === windowsAsked.current) setWindowsLoad({ zip: wanted, kind: 'done', answer });
      },
      () => {
        if (asked === windowsAsked.current) setWindowsLoad({ zip: wanted, kind: 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    if (ZIP_PATTERN.test(zip)) askWindows(zip);
  }, [zip, askWindows]);

  /** The window filled up or closed meanwhile: the fresh windows replace the choices. */
  const showFreshWindows = (fresh: BookableWindow[]) => {
    setWindowsLoad((old) => (old?.kind === 'done' && old.answer.deliverable ? { ...old, answer: { ...old.answer, windows: fresh } } : old));
    setChoice('');
    setDay(null);
  };

  const picker = pickerState(zip, windowsLoad, () => askWindows(zip));
  return { picker, day, setDay, choice, setChoice, showFreshWindows };
}

/** What the window picker shows for the ZIP typed, from what the windows call has answered so far. */
function pickerState(zip: string, load: WindowsLoad | null, retry: () => void): PickerState {
  if (!ZIP_PATTERN.test(zip)) return { kind: 'no_zip' };
  if (!load || load.zip !== zip || load.kind === 'loading') return { kind: 'loading' };
  if (load.kind === 'failed') return { kind: 'failed', retry };
  const { answer } = load;
  return answer.deliverable
    ? { kind: 'open', today: answer.today, windows: answer.windows }
    : { kind: 'not_served', message: answer.message };
}

/** Why no window can be chosen yet, or what to do: the reason Place Order gives while disabled. */
export function pickerWaiting(picker: PickerState): string {
  switch (picker.kind) {
    case 'no_zip':
      return 'Enter your ZIP code to see delivery windows';
    case 'loading':
      return 'Loading delivery windows…';
    case 'failed':
      return 'The delivery windows could not be loaded';
    case 'not_served':
      return picker.message;
    case 'open':
      return picker.windows.length > 0 ? 'Choose a delivery window to place your order' : 'No delivery window is open';
  }
}
