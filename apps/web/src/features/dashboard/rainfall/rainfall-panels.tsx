import { Box, Stack, Text } from '@mantine/core';
import { effectiveRapidrainThreshold, type Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { atlas14RedDepth, type SeriesResponse } from '@pluvio/shared/rainfall';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { HourlyTable } from './hourly-table';
import { dailyRainfallQuery, hourlyRainfallQuery, rapidRainQuery } from './rainfall-api';
import { RainfallBarChart } from './rainfall-bar-chart';
import {
  barColors,
  type ColorLimits,
  dailyBars,
  dailyChartWidth,
  dayBands,
  hourlyTableRows,
  seriesBars,
  slottedChartWidth,
} from './rainfall-rules';

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

export function DailyChart({
  location,
  clientId,
  timeZone,
  showRed,
}: {
  location: Location;
  clientId: number | undefined;
  timeZone: string;
  showRed: boolean;
}) {
  const query = useQuery(dailyRainfallQuery(location.id, clientId, timeZone));
  const isMobile = useIsMobile();
  const redDepth = showRed ? atlas14RedDepth(location.atlas14_threshold) : null;
  const threshold = location.h24_threshold;
  const chart = useMemo(() => {
    if (!query.data) return null;
    const bars = dailyBars(query.data);
    return { bars, colors: barColors(bars, { threshold, redDepth }) };
  }, [query.data, threshold, redDepth]);
  return (
    <QueryView query={query}>
      {chart && (
        <RainfallBarChart
          bars={chart.bars}
          colors={chart.colors}
          width={dailyChartWidth(isMobile)}
          label={`24 Hour rainfall, ${location.name}`}
        />
      )}
    </QueryView>
  );
}

/** The '1 Hour' (with day bands) and 'RapidRain' charts: one 50 px slot per interval, scrolling sideways. */
function SeriesChart({
  query,
  limits,
  label,
  withDayBands,
  locationId,
}: {
  query: UseQueryResult<SeriesResponse>;
  limits: ColorLimits;
  label: string;
  withDayBands: boolean;
  locationId: number;
}) {
  const { threshold, redDepth } = limits;
  const chart = useMemo(() => {
    if (!query.data) return null;
    const bars = seriesBars(query.data);
    return {
      bars,
      colors: barColors(bars, { threshold, redDepth }),
      bands: withDayBands ? dayBands(bars.map((bar) => bar.key)) : undefined,
    };
  }, [query.data, threshold, redDepth, withDayBands]);
  return (
    <QueryView query={query}>
      {chart && (
        <SidewaysScroll label={label} startKey={query.isPlaceholderData ? null : locationId}>
          <RainfallBarChart
            bars={chart.bars}
            colors={chart.colors}
            bands={chart.bands}
            width={slottedChartWidth(chart.bars.length)}
            label={label}
            yAxisSide="right"
          />
        </SidewaysScroll>
      )}
    </QueryView>
  );
}

export function HourlyChart({ location, clientId }: { location: Location; clientId: number | undefined }) {
  const query = useQuery(hourlyRainfallQuery(location.id, clientId));
  const isMobile = useIsMobile();
  return (
    <Stack gap={4}>
      <SeriesChart
        query={query}
        limits={{ threshold: location.h24_threshold, redDepth: null }}
        label={`1 Hour rainfall, ${location.name}`}
        withDayBands
        locationId={location.id}
      />
      {isMobile && query.data && (
        <Text size="xs" c="dimmed" ta="center">
          {SCROLL_HINT}
        </Text>
      )}
    </Stack>
  );
}

export function RapidRainChart({ location, clientId }: { location: Location; clientId: number | undefined }) {
  const query = useQuery(rapidRainQuery(location.id, clientId));
  return (
    <SeriesChart
      query={query}
      limits={{ threshold: effectiveRapidrainThreshold(location), redDepth: null }}
      label={`RapidRain 15-minute rainfall, ${location.name}`}
      withDayBands={false}
      locationId={location.id}
    />
  );
}

export function HourlyTableView({
  location,
  clientId,
}: {
  location: Location;
  clientId: number | undefined;
}) {
  const query = useQuery(hourlyRainfallQuery(location.id, clientId));
  const threshold = location.h24_threshold;
  const rows = useMemo(
    () => (query.data ? hourlyTableRows(seriesBars(query.data), threshold) : []),
    [query.data, threshold],
  );
  return (
    <QueryView query={query}>
      <HourlyTable rows={rows} />
    </QueryView>
  );
}
