import { ValueChartFrame, type ValueChartProps } from './ChartFigure.tsx';
import { CHART_COLORS, labelIndexes, linearScale, niceTicks } from './scale.ts';
import { useChartWidth } from './useChartWidth.ts';

export interface SeriesPoint {
  /** The point's full name, for its title and the table ('Mon, Jan 5'). */
  label: string;
  /** What the axis prints under it ('Jan 5'). */
  short: string;
  value: number;
}

const FONT = 12;
const HEIGHT = 240;
const TOP = 22;
const BOTTOM = 28;
/** Room for the last day's label, centred on its column at the right edge. */
const RIGHT = 24;
/** Fewer than this many points and each prints its value above it. */
const VALUE_LABELS_UP_TO = 14;
/** The space one axis label needs before the next. */
const LABEL_SPACING = 64;
/** A column never grows wider than this, so a short range does not draw slabs. */
const MAX_COLUMN = 48;

/**
 * A series over evenly spaced steps (days), as columns or as a line, with a value axis of round
 * numbers, thinned step labels, and each point's value printed when there are few enough points.
 */
export default function SeriesChart({
  points,
  kind,
  ...chart
}: ValueChartProps & { points: readonly SeriesPoint[]; kind: 'columns' | 'line' }) {
  const { format, tickFormat = format, integer = false } = chart;
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const max = Math.max(0, ...points.map((p) => p.value));
  const ticks = niceTicks(max, 4, integer);
  const top = ticks.at(-1) ?? 1;
  const left = Math.min(84, 14 + 7.5 * Math.max(...ticks.map((t) => tickFormat(t).length)));
  const plotWidth = Math.max(40, width - left - RIGHT);
  const y = linearScale(top, HEIGHT - BOTTOM, TOP);
  const step = plotWidth / Math.max(1, points.length);
  const cx = (i: number) => left + step * (i + 0.5);
  const columnWidth = Math.min(MAX_COLUMN, Math.max(2, step * 0.7));
  const shown = new Set(labelIndexes(points.length, Math.max(2, Math.floor(plotWidth / LABEL_SPACING))));
  // Printed values must not run into their neighbours: about 7 px a character at this size.
  const valueWidth = 7 * Math.max(0, ...points.map((p) => format(p.value).length));
  const printValues = points.length <= VALUE_LABELS_UP_TO && step >= valueWidth + 4;

  return (
    <ValueChartFrame chart={chart} items={points} boxRef={ref} width={width} height={HEIGHT} fontSize={FONT}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={left + plotWidth} y1={y(t)} y2={y(t)} stroke={CHART_COLORS.grid} />
          <text x={left - 6} y={y(t) + 4} textAnchor="end" fill={CHART_COLORS.muted}>
            {tickFormat(t)}
          </text>
        </g>
      ))}
      {points.map((p, i) =>
        shown.has(i) ? (
          <text key={p.label} x={cx(i)} y={HEIGHT - 8} textAnchor="middle" fill={CHART_COLORS.muted}>
            {p.short}
          </text>
        ) : null,
      )}
      {kind === 'line' && points.length > 1 && (
        <polyline
          points={points.map((p, i) => `${cx(i)},${y(p.value)}`).join(' ')}
          fill="none"
          stroke={CHART_COLORS.line}
          strokeWidth={2}
          strokeLinejoin="round"
        />
      )}
      {points.map((p, i) => (
        <g key={p.label} className="chart-point">
          <title>{`${p.label}: ${format(p.value)}`}</title>
          {kind === 'columns' ? (
            <rect
              x={cx(i) - columnWidth / 2}
              width={columnWidth}
              y={y(p.value)}
              height={Math.max(0, HEIGHT - BOTTOM - y(p.value))}
              fill={CHART_COLORS.bar}
              rx={1}
            />
          ) : (
            // A wide, see-through target around each point makes its title easy to hover.
            <>
              <circle cx={cx(i)} cy={y(p.value)} r={Math.min(4, Math.max(2, step / 4))} fill={CHART_COLORS.line} />
              <rect x={cx(i) - step / 2} width={step} y={TOP} height={HEIGHT - BOTTOM - TOP} fill="transparent" />
            </>
          )}
          {printValues && (
            <text x={cx(i)} y={y(p.value) - 6} textAnchor="middle" fill={CHART_COLORS.text} fontWeight={600}>
              {format(p.value)}
            </text>
          )}
        </g>
      ))}
      <line x1={left} x2={left + plotWidth} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke={CHART_COLORS.muted} />
    </ValueChartFrame>
  );
}
