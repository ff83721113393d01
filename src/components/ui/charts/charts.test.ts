/**
 * The charts as the server renders them (no DOM here): what a screen reader and the journey rely on,
 * a figure titled and described, an svg role=img labelled by that title, one <title> per value, and
 * the same values in the table.
 */
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import BarChart from './BarChart.tsx';
import HeatGrid from './HeatGrid.tsx';
import SeriesChart from './SeriesChart.tsx';

const attr = (html: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
const titles = (html: string) => [...html.matchAll(/<g[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1]);
const rows = (html: string) =>
  [...html.matchAll(/<tr><th scope="row"[^>]*>([^<]*)<\/th>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g)].map((m) => [
    m[1],
    ...[...(m[2] ?? '').matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]),
  ]);

function framed(html: string, title: string) {
  const labelledBy = attr(html, 'svg', 'aria-labelledby');
  const describedBy = attr(html, 'svg', 'aria-describedby');
  expect(attr(html, 'svg', 'role')).toBe('img');
  expect(attr(html, 'figure', 'aria-labelledby')).toBe(labelledBy);
  expect(html).toContain(`id="${labelledBy}" class="block font-semibold">${title}</span>`);
  expect(html).toContain(`id="${describedBy}"`);
  // The table starts hidden behind a toggle that says what it controls and that it is closed.
  const controls = attr(html, 'button', 'aria-controls');
  expect(attr(html, 'button', 'aria-expanded')).toBe('false');
  expect(html).toMatch(new RegExp(`<div id="${controls}" hidden=""`));
  expect(html).toContain(`<caption class="sr-only">${title}</caption>`);
}

describe('BarChart', () => {
  const html = renderToStaticMarkup(
    createElement(BarChart, {
      title: 'Sales by town',
      description: 'Last week.',
      data: [
        { label: 'Rockville', value: 1200 },
        { label: 'Bethesda', value: 0 },
      ],
      format: (n: number) => `${n} c`,
      labelHeading: 'Town',
      valueHeading: 'Sales',
    }),
  );
  it('is a titled figure with its data as a table', () => framed(html, 'Sales by town'));
  it('names each bar and prints its value, as the table does', () => {
    expect(titles(html)).toEqual(['Rockville: 1200 c', 'Bethesda: 0 c']);
    expect(rows(html)).toEqual([
      ['Rockville', '1200 c'],
      ['Bethesda', '0 c'],
    ]);
    expect(html).toContain('>1200 c</text>');
  });
});

describe('SeriesChart', () => {
  const points = Array.from({ length: 30 }, (_, i) => ({ label: `Day ${i + 1}`, short: `D${i + 1}`, value: i % 3 }));
  const html = renderToStaticMarkup(
    createElement(SeriesChart, {
      title: 'Orders per day',
      description: 'A month.',
      points,
      kind: 'line',
      integer: true,
      format: String,
      labelHeading: 'Day',
      valueHeading: 'Orders',
    }),
  );
  it('is a titled figure with its data as a table', () => framed(html, 'Orders per day'));
  it('names every point, and thins the axis labels of a long range', () => {
    expect(titles(html)).toHaveLength(30);
    expect(titles(html)[4]).toBe('Day 5: 1');
    expect(rows(html)[4]).toEqual(['Day 5', '1']);
    const axisLabels = [...html.matchAll(/>D(\d+)<\/text>/g)];
    expect(axisLabels.length).toBeGreaterThan(1);
    expect(axisLabels.length).toBeLessThan(30);
  });
});

describe('HeatGrid', () => {
  /** One weekday row; the test gives the title, the columns and the cells. */
  const mondayGrid = (props: Pick<ComponentProps<typeof HeatGrid>, 'title' | 'description' | 'columns' | 'cells'>) =>
    renderToStaticMarkup(createElement(HeatGrid, { ...props, rows: [{ label: 'Monday', lines: ['Mon'] }], cornerHeading: 'Weekday' }));
  const html = mondayGrid({
    title: 'Fill',
    description: 'Orders of places.',
    columns: [
      { label: 'Morning', lines: ['AM'] },
      { label: 'Evening', lines: ['PM'] },
    ],
    cells: [[{ value: 3, max: 4 }, null]],
  });
  it('is a titled figure with its data as a table', () => framed(html, 'Fill'));
  it('prints each cell as value/max and share, in words in its title and the table', () => {
    expect(html).toContain('>3/4</text>');
    expect(html).toContain('>75%</text>');
    expect(titles(html)).toEqual(['Monday, Morning: 3 of 4 (75%)', 'Monday, Evening: None']);
    expect(rows(html)).toEqual([['Monday', '3 of 4 (75%)', 'None']]);
  });

  it('scrolls inside its own box when too wide, and only then takes focus', () => {
    const wide = mondayGrid({
      title: 'Wide',
      description: 'Many windows.',
      columns: Array.from({ length: 9 }, (_, i) => ({ label: `Window ${i}`, lines: [`W${i}`] })),
      cells: [Array.from({ length: 9 }, () => ({ value: 1, max: 2 }))],
    });
    expect(wide).toMatch(/<section class="w-full overflow-x-auto" tabindex="0" aria-labelledby="[^"]+"/);
    expect(html).toMatch(/<section class="w-full overflow-x-auto">/);
  });
});
