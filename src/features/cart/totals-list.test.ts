/**
 * The totals list as the server renders it (no DOM here): the rows a shopper reads in the cart
 * drawer, the checkout summary and the confirmation, with the state's tax lines each on its own row
 * (D38) or the one "Tax" row the older callers show.
 */
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TotalsList from './TotalsList.tsx';

/** Each row's label and value, in order. */
function rows(props: ComponentProps<typeof TotalsList>): [string, string][] {
  const html = renderToStaticMarkup(createElement(TotalsList, props));
  return [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1] ?? '', m[2] ?? '']);
}

const totals = { subtotal: 4000, deliveryFee: 999, tax: 562, total: 5561 };

describe('TotalsList', () => {
  it('shows each tax line by name and percent, and the total including them', () => {
    const taxLines = [
      { name: 'Maryland cannabis sales and use tax', percent: 12, amount: 480 },
      { name: 'Delivery tax', percent: 8.25, amount: 82 },
    ];
    expect(rows({ totals, feeWaived: false, className: '', taxLines })).toEqual([
      ['Subtotal', '$40.00'],
      ['Delivery Fee', '$9.99'],
      ['Maryland cannabis sales and use tax (12%)', '$4.80'],
      ['Delivery tax (8.25%)', '$0.82'],
      ['Total', '$55.61'],
    ]);
  });

  it('shows no tax row for a known state without tax lines', () => {
    const untaxed = { ...totals, tax: 0, total: 4999 };
    expect(rows({ totals: untaxed, feeWaived: false, className: '', taxLines: [] }).map(([label]) => label)).toEqual([
      'Subtotal',
      'Delivery Fee',
      'Total',
    ]);
  });

  it('keeps the one Tax row without tax lines: when there is tax, or always with showZeroTax', () => {
    expect(rows({ totals, feeWaived: false, className: '' })).toContainEqual(['Tax', '$5.62']);
    const untaxed = { ...totals, tax: 0, total: 4999 };
    expect(rows({ totals: untaxed, feeWaived: true, className: '' }).map(([label]) => label)).toEqual([
      'Subtotal',
      'Delivery Fee',
      'Total',
    ]);
    expect(rows({ totals: untaxed, feeWaived: false, showZeroTax: true, className: '' })).toContainEqual(['Tax', '$0.00']);
  });
});
