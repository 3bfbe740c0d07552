import { Stack, Text } from '@mantine/core';
import { stormInches } from '@pluvio/shared/storm-event-views';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { useMemo } from 'react';
import { RainfallBarChart } from '../../components/rainfall-bar-chart';
import { ScrollRegion } from '../../components/scroll-region';
import { BAR_COLORS, type ChartBar } from '../../lib/rainfall-chart';

/** Each hour's bar needs this much room; a long event scrolls sideways on a phone. */
const HOUR_SLOT_PX = 28;

/** 'Nov 20 8 AM': the hour's end in the product time zone. */
function hourLabel(endsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric' })
    .format(new Date(endsAt))
    .replace(',', '');
}

/** The event's hours, from 6 before it to 6 after it, as bars; the permit threshold is the dashed line. */
export function StormEventChart({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  const bars = useMemo<ChartBar[]>(
    () =>
      event.hours.map((hour) => ({
        label: hourLabel(hour.ends_at, timeZone),
        amount: hour.amount,
        provisional: false,
      })),
    [event.hours, timeZone],
  );
  const colors = useMemo(() => bars.map(() => BAR_COLORS.blue), [bars]);
  const label = `Hourly rainfall of the event, in inches (hours ending at the time shown, ${bars.length} hours)`;
  return (
    <Stack gap={4}>
      <ScrollRegion label="Hourly rainfall chart">
        <RainfallBarChart
          bars={bars}
          colors={colors}
          label={label}
          width={`max(100%, ${bars.length * HOUR_SLOT_PX}px)`}
          threshold={event.threshold}
        />
      </ScrollRegion>
      <Text size="sm" c="dimmed">
        Bars: rain in each hour. Dashed line: the permit threshold, {stormInches(event.threshold)} within 24
        hours.
      </Text>
    </Stack>
  );
}
