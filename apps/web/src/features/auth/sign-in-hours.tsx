import { Paper, Stack, Text, Title } from '@mantine/core';
import { todayIn } from '@pluvio/shared/calendar';
import { MESSAGES } from '@pluvio/shared/messages';
import type { SignInHours } from '@pluvio/shared/rainfall';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { LegendItem, LegendList } from '../../components/chart-legend';
import { RainfallBarChart } from '../../components/rainfall-bar-chart';
import { useTimeZone } from '../../lib/app-config';
import { BAR_COLORS, type ChartBar, formatInches } from '../../lib/rainfall-chart';
import { useLoggedReadFailure } from '../../lib/use-logged-read-failure';
import { signInHoursQuery } from './sign-in-hours-api';

type Hour = SignInHours['hours'][number];

/** '15:00' of '2026-11-21T15:00:00-05:00': the server writes each hour in the product time zone. */
const clockTime = (hour: Hour) => hour.ends_at.slice(11, 16);

/** What the figure says in words, for everyone and for screen readers. */
function summary(hours: readonly Hour[]): string {
  if (hours.length === 0) return 'The first hour of today has not been processed yet.';
  const heaviest = hours.reduce((top, hour) => (hour.amount > top.amount ? hour : top));
  if (heaviest.amount === 0) return 'No rain at any Pluvio site so far today.';
  return `Heaviest hour so far: ${formatInches(heaviest.amount)} in, the hour ending ${clockTime(heaviest)}.`;
}

function HourlyChart({ hours }: { hours: readonly Hour[] }) {
  const bars = useMemo(
    (): ChartBar[] =>
      hours.map((hour) => ({ label: clockTime(hour), amount: hour.amount, provisional: false })),
    [hours],
  );
  const colors = useMemo(() => hours.map((hour) => BAR_COLORS[hour.color]), [hours]);
  return (
    <RainfallBarChart
      bars={bars}
      colors={colors}
      label="Heaviest hourly rainfall at any Pluvio site today, by the hour it ends"
      width="100%"
      threshold={0}
      maxBarThickness={24}
    />
  );
}

/**
 * The sign-in page's hourly figure (spec part 1 §7, §4): today's hours in the product time zone,
 * each the heaviest rain at any site, orange where a site reached its threshold, else green
 * (never red: the visitor's tier is unknown). Hidden when it cannot be read, as the forecast is.
 */
export function SignInHourlyFigure() {
  const headingId = useId();
  const timeZone = useTimeZone();
  const query = useQuery(signInHoursQuery(todayIn(timeZone)));
  useLoggedReadFailure(query.error, 'hourly figure');
  if (query.isError) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          Rainfall Today
        </Title>
        <Text size="sm" c="gray.7">
          The heaviest hourly rain at any site Pluvio watches, hour by hour.
        </Text>
        {query.data ? (
          <>
            {query.data.hours.length > 0 && (
              <>
                <HourlyChart hours={query.data.hours} />
                <LegendList>
                  <LegendItem color={BAR_COLORS.green} text="Below every site's threshold" />
                  <LegendItem color={BAR_COLORS.orange} text="A site reached its threshold" />
                </LegendList>
              </>
            )}
            <Text size="sm" role="status">
              {summary(query.data.hours)}
            </Text>
          </>
        ) : (
          <Text size="sm">{MESSAGES.loading}</Text>
        )}
      </Stack>
    </Paper>
  );
}
