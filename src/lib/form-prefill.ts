/**
 * The value a form field starts with as its island renders: in the browser, what the field already
 * holds as the island hydrates (the server's value, or text typed before the script arrived); on
 * the server, `initial`. An island starts its state from this, so hydration keeps the text instead
 * of setting the field back to the state's first value.
 */
export function prefilled(id: string, initial = ''): string {
  if (typeof document === 'undefined') return initial;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : initial;
}
