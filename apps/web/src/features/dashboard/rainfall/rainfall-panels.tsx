import { Box, Stack, Text } from '@mantine/core';
import { effectiveRapidrainThreshold, type Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { atlas14RedDepth, type PendingQuarters, type SeriesResponse } from '@pluvio/shared/rainfall';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { RainfallBarChart } from '../../../components/rainfall-bar-chart';
import { ScrollRegion } from '../../../components/scroll-region';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { dailyRainfallQuery, hourlyRainfallQuery, rapidRainQuery } from './rainfall-api';
import { ChartLegend, type LegendChart } from './rainfall-legend';
import {
  barColors,
  DAILY_BAR_THICKNESS,
  dailyBars,
  dailyChartWidth,
  dayBands,
  pendingDates,
  type SeriesBar,
  seriesBars,
  slottedChartWidth,
  tableRows,
} from './rainfall-rules';
import { RainfallTable } from './rainfall-table';

export const SCROLL_HINT = 'Scroll to see other days';

/** 'Loading...', then the data; the error text of spec part 1 §8 when the call fails. */
function QueryView({ query, children }: { query: UseQueryResult<unknown>; children: ReactNode }) {
  return (
    <>
      {query.isError && (
        <Text role="alert" c="red.9" size="sm">
          {MESSAGES.chartLoadError} {query.error.message}
        </Text>
      )}
      {query.data !== undefined ? (
        // Another location's data stays, dimmed, until this one's arrives: no flash.
        <Box aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {children}
        </Box>
      ) : (
        !query.isError && <Text role="status">{MESSAGES.loading}</Text>
      )}
    </>
  );
}

/** A box that scrolls sideways and starts at its right end (the newest bars). */
function SidewaysScroll({
  label,
  startKey,
  children,
}: {
  label: string;
  startKey: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again only when startKey changes, not on every refresh.
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollLeft = ref.current.scrollWidth;
  }, [startKey]);
  return (
    <ScrollRegion ref={ref} label={label}>
      {children}
    </ScrollRegion>
  );
}

/** What every chart panel gets: its location, and whether to show its table instead of its chart. */
export interface PanelProps {
  location: Location;
  clientId: number | undefined;
  /** Table View is on: the tab's numbers as a table, newest first. */
  asTable: boolean;
  /** The quarter hours after the processed hour the figures include (issue 26). */
  provisional: PendingQuarters | null;
}

/** A chart's legend under its chart or table, for its threshold (a table has no line and no faded bars). */
function PanelLegend(props: {
  chart: LegendChart;
  threshold: number;
  showRed?: boolean;
  bars: readonly SeriesBar[];
  asTable: boolean;
}) {
  return (
    <Box mt="md">
      <ChartLegend
        chart={props.chart}
        threshold={props.threshold}
        showRed={props.showRed ?? false}
        drawn={!props.asTable}
        provisional={!props.asTable && props.bars.some((bar) => bar.provisional)}
      />
    </Box>
  );
}

const TIME_HEADER = 'Date Time (MM-DD HH:mm)';

/** The '24 Hour' tab: each local day of the last three, today's with its pending quarters. */
export function DailyPanel({
  location,
  clientId,
  asTable,
  provisional,
  timeZone,
  showRed,
}: PanelProps & { timeZone: string; showRed: boolean }) {
  const query = useQuery(dailyRainfallQuery(location.id, clientId, timeZone));
  const isMobile = useIsMobile();
  const redDepth = showRed ? atlas14RedDepth(location.atlas14_threshold) : null;
  const threshold = location.h24_threshold;
  const bars = useMemo(
    () => (query.data ? dailyBars(query.data, pendingDates(provisional, timeZone)) : null),
    [query.data, provisional, timeZone],
  );
  const colors = useMemo(
    () => (bars ? barColors(bars, { threshold, redDepth }) : []),
    [bars, threshold, redDepth],
  );
  const label = `24 Hour rainfall, ${location.name}`;
  return (
    <QueryView query={query}>
      {bars &&
        (asTable ? (
          <RainfallTable
            rows={tableRows(bars, threshold)}
            name="24 Hour rainfall"
            timeHeader="Date (MM-DD)"
          />
        ) : (
          <RainfallBarChart
            bars={bars}
            colors={colors}
            width={dailyChartWidth(isMobile)}
            label={label}
            threshold={threshold}
            maxBarThickness={DAILY_BAR_THICKNESS}
          />
        ))}
      {bars && (
        <PanelLegend chart="daily" threshold={threshold} showRed={showRed} bars={bars} asTable={asTable} />
      )}
    </QueryView>
  );
}

/** The '1 Hour' (with day bands) and 'RapidRain' tabs: one 50 px slot per interval, scrolling sideways. */
function SeriesPanel({
  query,
  chart,
  threshold,
  label,
  tableName,
  asTable,
  provisional,
  locationId,
}: {
  query: UseQueryResult<SeriesResponse>;
  chart: 'hourly' | 'rapidrain';
  threshold: number;
  label: string;
  tableName: string;
  asTable: boolean;
  provisional: PendingQuarters | null;
  locationId: number;
}) {
  const drawn = useMemo(() => {
    if (!query.data) return null;
    const bars = seriesBars(query.data, chart === 'hourly' ? provisional : null);
    return {
      bars,
      colors: barColors(bars, { threshold, redDepth: null }),
      bands: chart === 'hourly' ? dayBands(bars.map((bar) => bar.key)) : undefined,
    };
  }, [query.data, threshold, chart, provisional]);
  return (
    <QueryView query={query}>
      {drawn &&
        (asTable ? (
          <RainfallTable rows={tableRows(drawn.bars, threshold)} name={tableName} timeHeader={TIME_HEADER} />
        ) : (
          <SidewaysScroll label={label} startKey={query.isPlaceholderData ? null : locationId}>
            <RainfallBarChart
              bars={drawn.bars}
              colors={drawn.colors}
              bands={drawn.bands}
              width={slottedChartWidth(drawn.bars.length)}
              label={label}
              yAxisSide="right"
              threshold={threshold}
            />
          </SidewaysScroll>
        ))}
      {drawn && <PanelLegend chart={chart} threshold={threshold} bars={drawn.bars} asTable={asTable} />}
    </QueryView>
  );
}

export function HourlyPanel({ location, clientId, asTable, provisional }: PanelProps) {
  const query = useQuery(hourlyRainfallQuery(location.id, clientId));
  const isMobile = useIsMobile();
  return (
    <Stack gap={4}>
      <SeriesPanel
        query={query}
        chart="hourly"
        threshold={location.h24_threshold}
        label={`1 Hour rainfall, ${location.name}`}
        tableName="Hourly rainfall"
        asTable={asTable}
        provisional={provisional}
        locationId={location.id}
      />
      {isMobile && !asTable && query.data && (
        <Text size="xs" c="dimmed" ta="center">
          {SCROLL_HINT}
        </Text>
      )}
    </Stack>
  );
}

export function RapidRainPanel({ location, clientId, asTable, provisional }: PanelProps) {
  const query = useQuery(rapidRainQuery(location.id, clientId));
  return (
    <SeriesPanel
      query={query}
      chart="rapidrain"
      threshold={effectiveRapidrainThreshold(location)}
      label={`RapidRain 15-minute rainfall, ${location.name}`}
      tableName="RapidRain 15-minute rainfall"
      asTable={asTable}
      provisional={provisional}
      locationId={location.id}
    />
  );
}
