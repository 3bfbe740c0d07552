import { Box } from '@mantine/core';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  type ChartType,
  LinearScale,
  type Plugin,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import {
  type ChartBar,
  type DayBand,
  formatInches,
  MAX_BAR_THICKNESS,
  suggestedMax,
  THRESHOLD_LINE_COLOR,
  Y_AXIS_STEP,
} from '../lib/rainfall-chart';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface DayBandsOptions {
  bands: readonly DayBand[];
}

interface ThresholdLineOptions {
  /** Inches; the line is drawn across the chart at this amount. */
  value: number;
  /** Where its amount is written: beside the y axis. */
  side: YAxisSide;
}

declare module 'chart.js' {
  // The type parameter must match Chart.js's declaration for the interfaces to merge.
  interface PluginOptionsByType<TType extends ChartType> {
    dayBands?: DayBandsOptions;
    thresholdLine?: ThresholdLineOptions;
  }
}

/** Draws the chart's threshold as a dashed line over the bars, with its amount at the line's end. */
const thresholdLinePlugin: Plugin<'bar', ThresholdLineOptions> = {
  id: 'thresholdLine',
  afterDatasetsDraw(chart, _args, options) {
    const y = chart.scales.y;
    if (!y || !(options.value > 0)) return;
    const { ctx, chartArea } = chart;
    const top = y.getPixelForValue(options.value);
    ctx.save();
    ctx.strokeStyle = THRESHOLD_LINE_COLOR;
    ctx.lineWidth = 2;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(chartArea.left, top);
    ctx.lineTo(chartArea.right, top);
    ctx.stroke();
    ctx.fillStyle = THRESHOLD_LINE_COLOR;
    ctx.font = '600 12px sans-serif';
    ctx.textAlign = options.side;
    ctx.textBaseline = 'bottom';
    const x = options.side === 'left' ? chartArea.left + 4 : chartArea.right - 4;
    ctx.fillText(`${formatInches(options.value)} in`, x, top - 3);
    ctx.restore();
  },
};

/** Paints each local day's slots in its band colour behind the grid and the bars. */
const dayBandsPlugin: Plugin<'bar', DayBandsOptions> = {
  id: 'dayBands',
  beforeDraw(chart, _args, options) {
    const bands = options.bands ?? [];
    const count = chart.data.labels?.length ?? 0;
    if (bands.length === 0 || count === 0) return;
    const { ctx, chartArea } = chart;
    const x = chart.scales.x;
    if (!x) return;
    const half = x.width / count / 2;
    ctx.save();
    for (const band of bands) {
      const left = x.getPixelForValue(band.first) - half;
      const right = x.getPixelForValue(band.last) + half;
      ctx.fillStyle = band.color;
      ctx.fillRect(left, chartArea.top, right - left, chartArea.bottom - chartArea.top);
    }
    ctx.restore();
  },
};

let canvasSupport: boolean | undefined;

/** jsdom (component tests) has no 2D canvas; the chart is then left out and the page around it stays. */
function canDrawOnCanvas(): boolean {
  canvasSupport ??= document.createElement('canvas').getContext('2d') !== null;
  return canvasSupport;
}

function chartOptions(
  bands: readonly DayBand[],
  yAxisSide: YAxisSide,
  threshold: number,
): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    scales: {
      x: { grid: { display: false } },
      y: {
        position: yAxisSide,
        beginAtZero: true,
        // A dry or drizzly stretch still reads against one full step, not a magnified 0.03, and
        // the threshold's line is always in view.
        suggestedMax: suggestedMax(threshold),
        ticks: { stepSize: Y_AXIS_STEP, callback: (value) => formatInches(Number(value)) },
      },
    },
    plugins: {
      tooltip: { callbacks: { label: (item) => `${formatInches(item.parsed.y ?? 0)} in` } },
      dayBands: { bands },
      thresholdLine: { value: threshold, side: yAxisSide },
    },
  };
}

type YAxisSide = 'left' | 'right';

export interface RainfallBarChartProps {
  bars: readonly ChartBar[];
  colors: readonly string[];
  /** What the chart shows, for screen readers. */
  label: string;
  /** CSS width of the drawing area; the height is fixed. */
  width: string;
  bands?: readonly DayBand[];
  /** A chart that opens scrolled to its newest bars keeps its axis in view on the right. */
  yAxisSide?: YAxisSide;
  /** The amount (inches) the chart's orange means; drawn as a dashed line. */
  threshold: number;
  maxBarThickness?: number;
}

const CHART_HEIGHT_PX = 300;

/** The bars as text inside the canvas: what the chart says, for browsers and tools that cannot see it. */
function BarValues({ bars }: { bars: readonly ChartBar[] }) {
  return (
    <ul>
      {bars.map((bar) => (
        <li key={bar.label} data-bar-label={bar.label}>
          {bar.label}: {formatInches(bar.amount)} in{bar.provisional ? ' (provisional)' : ''}
        </li>
      ))}
    </ul>
  );
}
const NO_BANDS: readonly DayBand[] = [];
const PLUGINS = [dayBandsPlugin, thresholdLinePlugin];

export function RainfallBarChart({
  bars,
  colors,
  label,
  width,
  bands = NO_BANDS,
  yAxisSide = 'left',
  threshold,
  maxBarThickness = MAX_BAR_THICKNESS,
}: RainfallBarChartProps) {
  const data = useMemo(
    () => ({
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          label: 'Rainfall (inches)',
          data: bars.map((bar) => bar.amount),
          backgroundColor: [...colors],
          // A provisional bar is faded inside a solid outline of its colour.
          borderColor: colors.map((color) => color.slice(0, 7)),
          borderWidth: bars.map((bar) => (bar.provisional ? 2 : 0)),
          maxBarThickness,
        },
      ],
    }),
    [bars, colors, maxBarThickness],
  );
  const options = useMemo(() => chartOptions(bands, yAxisSide, threshold), [bands, yAxisSide, threshold]);
  // Chart.js sizes the canvas to this box (it must be positioned).
  return (
    <Box pos="relative" h={CHART_HEIGHT_PX} style={{ width }}>
      {canDrawOnCanvas() && (
        <Bar
          data={data}
          options={options}
          plugins={PLUGINS}
          role="img"
          aria-label={label}
          fallbackContent={<BarValues bars={bars} />}
        />
      )}
    </Box>
  );
}
