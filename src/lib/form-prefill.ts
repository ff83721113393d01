/**
 * The value a form field holds in the page as an island hydrates: what the person typed before the
 * script arrived, or what the server put back after the form was posted without it. An island
 * starts its state from this so hydration keeps the text instead of clearing it (React would set
 * the field back to the state's empty value). Empty on the server.
 */
export function prefilled(id: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}
