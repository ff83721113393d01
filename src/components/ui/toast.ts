/** Toasts (§9): one at a time, shown for 5000 ms unless dismissed. */
import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const $toast = atom<Toast | null>(null);
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;

export function showToast(toast: Omit<Toast, 'id'>, durationMs = TOAST_DURATION_MS): void {
  clearTimeout(timer);
  const id = nextId++;
  $toast.set({ ...toast, id });
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, durationMs);
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}
