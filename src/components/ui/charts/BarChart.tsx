import { ValueChartFrame, type ValueChartProps } from './ChartFigure.tsx';
import { CHART_COLORS, linearScale, niceTicks } from './scale.ts';
import { useChartWidth } from './useChartWidth.ts';

export interface BarDatum {
  label: string;
  value: number;
}

const FONT = 13;
/** Each bar sits under its own label, so long names never squeeze the bars on a phone. */
const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 16;
const ROW_GAP = 10;
const ROW_HEIGHT = LABEL_HEIGHT + BAR_HEIGHT + ROW_GAP;
/** About how wide one character of a printed value is at FONT, bold, and the gap before it. */
const VALUE_CHAR = 8;
const VALUE_GAP = 12;
const MAX_TICKS = 5;
const AXIS_HEIGHT = 24;
const TOP = 4;

/**
 * Horizontal bars, one per label, each with its value printed at its end and an axis of round
 * values underneath. The table lists the same labels and values unless `table` gives a fuller one.
 */
export default function BarChart({ data, ...chart }: ValueChartProps & { data: readonly BarDatum[] }) {
  const { format, tickFormat = format, integer = false } = chart;
  const { ref, width } = useChartWidth<HTMLDivElement>();
  const max = Math.max(0, ...data.map((d) => d.value));
  // Room right of the longest bar for the longest value ('$1,468,980.06'), so no value runs off the edge.
  const valueRoom = VALUE_GAP + VALUE_CHAR * Math.max(4, ...data.map((d) => format(d.value).length));
  const plotWidth = Math.max(40, width - valueRoom);
  // As many axis steps as their labels leave room for, so long labels never print over each other.
  const tickRoom = VALUE_GAP + VALUE_CHAR * tickFormat(max).length;
  const ticks = niceTicks(max, Math.max(2, Math.min(MAX_TICKS, Math.floor(plotWidth / tickRoom))), integer);
  const top = ticks.at(-1) ?? 1;
  const x = linearScale(top, 0, plotWidth);
  const plotHeight = data.length * ROW_HEIGHT;
  const height = TOP + plotHeight + AXIS_HEIGHT;

  return (
    <ValueChartFrame
      chart={chart}
      items={data}
      boxRef={ref}
      width={width}
      height={height}
      fontSize={FONT}
      svgClass="block overflow-visible"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={TOP} y2={TOP + plotHeight} stroke={CHART_COLORS.grid} />
          <text
            x={x(t)}
            y={height - 6}
            fill={CHART_COLORS.muted}
            fontSize={FONT - 1}
            textAnchor={t === 0 ? 'start' : t === top ? 'end' : 'middle'}
          >
            {tickFormat(t)}
          </text>
        </g>
      ))}
      {data.map((d, i) => {
        const y = TOP + i * ROW_HEIGHT;
        const barWidth = x(d.value);
        return (
          <g key={d.label} className="chart-bar">
            <title>{`${d.label}: ${format(d.value)}`}</title>
            <text x={0} y={y + LABEL_HEIGHT - 5} fill={CHART_COLORS.text}>
              {d.label}
            </text>
            <rect
              x={0}
              y={y + LABEL_HEIGHT}
              width={Math.max(d.value > 0 ? 2 : 0, barWidth)}
              height={BAR_HEIGHT}
              fill={CHART_COLORS.bar}
              rx={2}
            />
            <text x={barWidth + 6} y={y + LABEL_HEIGHT + BAR_HEIGHT - 3} fill={CHART_COLORS.text} fontWeight={600} className="tabular-nums">
              {format(d.value)}
            </text>
          </g>
        );
      })}
    </ValueChartFrame>
  );
}
