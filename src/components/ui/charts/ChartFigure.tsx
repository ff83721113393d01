import { type ReactNode, type Ref, useId, useState } from 'react';
import DisclosureButton from '../DisclosureButton.tsx';

/** A data table's rows: the first cell names the row (a row header), the rest are its values. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

export interface ChartIds {
  titleId: string;
  descId: string;
}

/** The table of a chart of labelled values when it is given no fuller one: a label and a value a row. */
export function valueTable(
  labelHeading: string,
  valueHeading: string,
  items: readonly { label: string; value: number }[],
  format: (value: number) => string,
): ChartTable {
  return { columns: [labelHeading, valueHeading], rows: items.map((d) => ({ key: d.label, cells: [d.label, format(d.value)] })) };
}

/**
 * A chart's drawing: an image labelled by its figure's title and described by its description,
 * with the title again inside for tools that read the SVG alone. `width` is the drawing's own
 * width in pixels; it fills its box unless `fill` is false.
 */
export function ChartSvg({
  ids,
  title,
  width,
  height,
  fontSize,
  fill = true,
  className = 'block',
  children,
}: {
  ids: ChartIds;
  title: string;
  width: number;
  height: number;
  fontSize: number;
  fill?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={ids.titleId}
      aria-describedby={ids.descId}
      viewBox={`0 0 ${width} ${height}`}
      width={fill ? '100%' : width}
      height={height}
      className={className}
      fontSize={fontSize}
    >
      <title>{title}</title>
      {children}
    </svg>
  );
}

/** What a chart of labelled values (bars, a series) takes besides its data. */
export interface ValueChartProps {
  title: string;
  description: string;
  /** A value as printed on the chart and in the table. */
  format: (value: number) => string;
  /** A value as printed on the axis. */
  tickFormat?: (value: number) => string;
  /** Values are counts: the axis steps in whole numbers. */
  integer?: boolean;
  labelHeading: string;
  valueHeading: string;
  /** A fuller table than the labels and values. */
  table?: ChartTable;
}

/**
 * A chart of labelled values in its figure: the drawing fills a box whose width `boxRef` measures,
 * and the table lists the labels and values unless the chart was given a fuller one.
 */
export function ValueChartFrame({
  chart,
  items,
  boxRef,
  width,
  height,
  fontSize,
  svgClass = 'block',
  children,
}: {
  chart: ValueChartProps;
  items: readonly { label: string; value: number }[];
  boxRef: Ref<HTMLDivElement>;
  width: number;
  height: number;
  fontSize: number;
  svgClass?: string;
  children: ReactNode;
}) {
  const { title, description, format, labelHeading, valueHeading, table } = chart;
  return (
    <ChartFigure title={title} description={description} table={table ?? valueTable(labelHeading, valueHeading, items, format)}>
      {(ids) => (
        <div ref={boxRef} className="w-full">
          <ChartSvg ids={ids} title={title} width={width} height={height} fontSize={fontSize} className={svgClass}>
            {children}
          </ChartSvg>
        </div>
      )}
    </ChartFigure>
  );
}

/**
 * A chart's frame: a figure with a visible title and a one-line description, the drawing (an
 * <svg role="img"> labelled by both), and the same numbers as a table behind a toggle, for anyone
 * who reads tables better than pictures or cannot see the picture at all.
 */
export default function ChartFigure({
  title,
  description,
  table,
  tableOpen = false,
  children,
}: {
  title: string;
  description: string;
  table: ChartTable;
  /** Whether the table shows at first. */
  tableOpen?: boolean;
  children: (ids: ChartIds) => ReactNode;
}) {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descId = `${baseId}-desc`;
  const tableId = `${baseId}-table`;
  const [open, setOpen] = useState(tableOpen);

  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4">
      <figcaption className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0">
          <span id={titleId} className="block font-semibold">
            {title}
          </span>
          <span id={descId} className="block text-sm text-muted">
            {description}
          </span>
        </span>
        <DisclosureButton
          open={open}
          onToggle={() => setOpen((o) => !o)}
          controls={tableId}
          className="inline-flex items-center rounded-md border border-stone-300 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-stone-100"
        >
          {open ? 'Hide table' : 'Show table'}
          <span className="sr-only">: {title}</span>
        </DisclosureButton>
      </figcaption>
      {children({ titleId, descId })}
      <div id={tableId} hidden={!open} className="relative overflow-x-auto rounded-xl border border-stone-200">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-stone-200 bg-stone-50">
            <tr>
              {table.columns.map((c, i) => (
                <th
                  key={c}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted ${i === 0 ? 'text-left' : 'text-right'}`}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns.
                    <th key={i} scope="row" className="px-3 py-2 text-left font-semibold">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns.
                    <td key={i} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
