import { CHART_LEGENDS } from '@pluvio/shared/messages';
import { LegendItem, LegendList } from '../../../components/chart-legend';
import { BAR_COLORS, formatInches, THRESHOLD_LINE_COLOR } from '../../../lib/rainfall-chart';

const COMPACT_TEXTS = { orange: 'Above threshold', red: 'Above NOAA 14' } as const;

/** The short legend of the map's colours, under the map on a phone (spec part 1 §2); red from tier 2. */
export function RainfallLegend({ showRed }: { showRed: boolean }) {
  return (
    <LegendList compact>
      <LegendItem color={BAR_COLORS.orange} text={COMPACT_TEXTS.orange} compact />
      {showRed && <LegendItem color={BAR_COLORS.red} text={COMPACT_TEXTS.red} compact />}
    </LegendList>
  );
}

export type LegendChart = keyof Omit<typeof CHART_LEGENDS, 'provisional'>;

/**
 * What one chart's colours and dashed line mean for that chart's threshold (issue 26): red only
 * on the 24 Hour chart and for viewers who can see it, the line only under a drawn chart, the
 * faded bars only when some are shown.
 */
export function ChartLegend({
  chart,
  threshold,
  showRed,
  drawn,
  provisional,
}: {
  chart: LegendChart;
  threshold: number;
  showRed: boolean;
  drawn: boolean;
  provisional: boolean;
}) {
  const texts = CHART_LEGENDS[chart];
  return (
    <LegendList>
      <LegendItem color={BAR_COLORS.orange} text={texts.orange} />
      {showRed && 'red' in texts && <LegendItem color={BAR_COLORS.red} text={texts.red} />}
      {drawn && (
        <LegendItem color={THRESHOLD_LINE_COLOR} text={texts.line(formatInches(threshold))} swatch="line" />
      )}
      {provisional && <LegendItem color={BAR_COLORS.blue} text={CHART_LEGENDS.provisional} swatch="faded" />}
    </LegendList>
  );
}
