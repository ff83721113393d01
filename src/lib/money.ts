/**
 * D1: the one money formatter. Amounts are integer cents; the text is en-US dollars ("$1,234.50",
 * "-$5.00"), as Intl.NumberFormat's USD currency style writes them. Written out rather than made
 * with Intl because the first Intl.NumberFormat a page creates loads the browser's locale data, a
 * long task on every page that shows a price. money.test.ts holds it to Intl's output.
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

/** The largest price a product can have, in cents. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Dollars typed in a form (step 0.01) to cents; '' is null. */
export function toCents(dollars: string): number | null {
  const trimmed = dollars.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
