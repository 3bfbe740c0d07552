import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { locationForecastQuery } from './api';
import { formatInches, monthDay, shortWeekday } from './forecast-days';
import classes from './location-forecast.module.css';

export type ForecastLocation = Pick<Location, 'id' | 'name'>;

/** The selected location's forecast: one column a day, today and the next two (tier 3). */
export function LocationForecast({
  location,
  clientId,
}: {
  location: ForecastLocation;
  clientId: number | undefined;
}) {
  const { data, error, isPending } = useQuery(locationForecastQuery(location.id, clientId));
  if (isPending) return <Text>{MESSAGES.loading}</Text>;
  if (error) {
    return (
      <Text c="red.9" role="alert">
        {MESSAGES.chartLoadError} {error.message}
      </Text>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={3}
      spacing="sm"
      aria-label={`Forecast for ${location.name}`}
      className={classes.days}
    >
      {data.forecasts.map((forecast) => (
        <Paper component="li" key={forecast.date} withBorder className={classes.day}>
          <Text fw={600}>{shortWeekday(forecast.date)}</Text>
          <Text size="sm" c="dimmed">
            {monthDay(forecast.date)}
          </Text>
          <Text className={classes.amount}>{formatInches(forecast.value)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
