import ChartFigure, { ChartSvg, type ChartTable } from './ChartFigure.tsx';
import { CHART_COLORS, grouped, HEAT_SHADES, heatShade, percentText, share } from './scale.ts';
import { useChartWidth } from './useChartWidth.ts';

export interface HeatAxisLabel {
  /** The full name, for titles and the table. */
  label: string;
  /** What the grid prints: one or two short lines. */
  lines: readonly string[];
}

/** A cell: how much of how much (orders of places). null: the row and column do not meet. */
export type HeatCell = { value: number; max: number } | null;

const FONT = 12;
const ROW_HEAD = 48;
const COLUMN_HEAD = 36;
const CELL_HEIGHT = 46;
const MIN_CELL = 64;
/** About how wide a bold digit is at FONT, and the room left beside a cell's text. */
const CHAR_WIDTH = 7.5;
const CELL_PADDING = 10;
/** Wide screens get roomy cells, not stretched ones. */
const MAX_CELL = 160;
const GAP = 3;

/**
 * A grid of rows by columns where each cell prints "value/max" and the share filled, and is shaded
 * by that share. Too many columns for the box: the grid keeps readable cells and scrolls sideways
 * inside its own box, never the page.
 */
export default function HeatGrid({
  title,
  description,
  rows,
  columns,
  cells,
  cellText = (value, max) => `${grouped(value)} of ${grouped(max)} (${percentText(share(value, max))})`,
  emptyText = 'None',
  cornerHeading,
}: {
  title: string;
  description: string;
  rows: readonly HeatAxisLabel[];
  columns: readonly HeatAxisLabel[];
  /** cells[row][column]. */
  cells: readonly (readonly HeatCell[])[];
  /** A cell in words, for its title and the table. */
  cellText?: (value: number, max: number) => string;
  /** What a cell where row and column do not meet says. */
  emptyText?: string;
  /** The table's first column's heading (what the rows are). */
  cornerHeading: string;
}) {
  const { ref, width } = useChartWidth<HTMLElement>();
  // A cell is wide enough for its 'orders/places' at the least; a grid that then outgrows its box scrolls.
  const longest = Math.max(0, ...cells.flat().map((c) => (c ? `${grouped(c.value)}/${grouped(c.max)}`.length : 0)));
  const cellWidth = Math.min(
    MAX_CELL,
    Math.max(MIN_CELL, CHAR_WIDTH * longest + CELL_PADDING, (width - ROW_HEAD) / Math.max(1, columns.length) - GAP),
  );
  const drawnWidth = ROW_HEAD + columns.length * (cellWidth + GAP);
  const height = COLUMN_HEAD + rows.length * (CELL_HEIGHT + GAP);
  const scrolls = drawnWidth > width;
  const table: ChartTable = {
    columns: [cornerHeading, ...columns.map((c) => c.label)],
    rows: rows.map((r, ri) => ({
      key: r.label,
      cells: [r.label, ...columns.map((_, ci) => (cells[ri]?.[ci] ? cellText(cells[ri][ci].value, cells[ri][ci].max) : emptyText))],
    })),
  };

  return (
    <ChartFigure title={title} description={description} table={table}>
      {({ titleId, descId }) => (
        <>
          {/* A keyboard user scrolls a box only when it can take focus, so a box that scrolls takes it, named so
              focus lands on something named; one that does not scroll is no landmark. */}
          <section
            ref={ref}
            className="w-full overflow-x-auto"
            tabIndex={scrolls ? 0 : undefined}
            aria-labelledby={scrolls ? titleId : undefined}
          >
            <ChartSvg ids={{ titleId, descId }} title={title} width={drawnWidth} height={height} fontSize={FONT} fill={false}>
              {columns.map((c, ci) => (
                <text
                  key={c.label}
                  x={ROW_HEAD + ci * (cellWidth + GAP) + cellWidth / 2}
                  y={c.lines.length > 1 ? 14 : 24}
                  textAnchor="middle"
                  fill={CHART_COLORS.muted}
                >
                  {c.lines.map((line, li) => (
                    <tspan key={line} x={ROW_HEAD + ci * (cellWidth + GAP) + cellWidth / 2} dy={li === 0 ? 0 : 14}>
                      {line}
                    </tspan>
                  ))}
                </text>
              ))}
              {rows.map((r, ri) => {
                const y = COLUMN_HEAD + ri * (CELL_HEIGHT + GAP);
                return (
                  <g key={r.label}>
                    <text x={0} y={y + CELL_HEIGHT / 2 + 4} fill={CHART_COLORS.text} fontWeight={600}>
                      {r.lines[0] ?? r.label}
                    </text>
                    {columns.map((c, ci) => {
                      const cell = cells[ri]?.[ci] ?? null;
                      const x = ROW_HEAD + ci * (cellWidth + GAP);
                      const name = `${r.label}, ${c.label}`;
                      if (!cell) {
                        return (
                          <g key={c.label} className="heat-cell">
                            <title>{`${name}: ${emptyText}`}</title>
                            <rect
                              x={x}
                              y={y}
                              width={cellWidth}
                              height={CELL_HEIGHT}
                              fill={CHART_COLORS.background}
                              stroke={CHART_COLORS.grid}
                              strokeDasharray="4 3"
                              rx={4}
                            />
                            <text x={x + cellWidth / 2} y={y + CELL_HEIGHT / 2 + 4} textAnchor="middle" fill={CHART_COLORS.muted}>
                              {emptyText}
                            </text>
                          </g>
                        );
                      }
                      const filled = share(cell.value, cell.max);
                      const shade = heatShade(filled);
                      return (
                        <g key={c.label} className="heat-cell">
                          <title>{`${name}: ${cellText(cell.value, cell.max)}`}</title>
                          <rect x={x} y={y} width={cellWidth} height={CELL_HEIGHT} fill={shade.fill} stroke={CHART_COLORS.grid} rx={4} />
                          <text
                            x={x + cellWidth / 2}
                            y={y + 19}
                            textAnchor="middle"
                            fill={shade.text}
                            fontWeight={700}
                            className="tabular-nums"
                          >
                            {`${grouped(cell.value)}/${grouped(cell.max)}`}
                          </text>
                          <text x={x + cellWidth / 2} y={y + 36} textAnchor="middle" fill={shade.text} className="tabular-nums">
                            {percentText(filled)}
                          </text>
                        </g>
                      );
                    })}
                  </g>
                );
              })}
            </ChartSvg>
          </section>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Shades">
            {HEAT_SHADES.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span className="inline-block h-3 w-5 rounded-sm border border-stone-300" style={{ background: s.fill }} />
                {s.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </ChartFigure>
  );
}
