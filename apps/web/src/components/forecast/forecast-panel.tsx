import { Paper, Tabs, Title } from '@mantine/core';
import { canUse } from '@pluvio/shared/gates';
import type { Viewer } from '@pluvio/shared/roles';
import { type ReactNode, useId, useState } from 'react';
import { TierNotice } from '../tier-notice';
import { type ForecastLocation, LocationForecast } from './location-forecast';
import { NationalForecast } from './national-forecast';

type ForecastTab = 'national' | 'location';

/** A '3 Day Forecast' section; `id` makes it the target of a link such as #forecast. */
function ForecastSection({ id, children }: { id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        3 Day Forecast
      </Title>
      {children}
    </Paper>
  );
}

/** The forecast panel of the login screen, where no location is selected: the national maps. */
export function NationalForecastPanel() {
  return (
    <ForecastSection>
      <NationalForecast />
    </ForecastSection>
  );
}

/**
 * The dashboard's forecast (spec part 1 §2 "Dashboard"): the national maps, and the selected
 * location's three days in a tab named after it, which needs tier 3. The location tab opens
 * first when the viewer may see it; the tab chosen stays while the selection changes.
 */
export function ForecastPanel({
  location,
  clientId,
  viewer,
}: {
  location: ForecastLocation | null;
  clientId: number | undefined;
  viewer: Viewer;
}) {
  const seesLocationForecast = canUse(viewer, 'siteForecast');
  const [chosen, setChosen] = useState<ForecastTab | null>(null);
  const tab: ForecastTab = location
    ? (chosen ?? (seesLocationForecast ? 'location' : 'national'))
    : 'national';

  return (
    <ForecastSection id="forecast">
      <Tabs value={tab} onChange={(value) => setChosen(value as ForecastTab)}>
        <Tabs.List>
          <Tabs.Tab value="national">National</Tabs.Tab>
          {location && <Tabs.Tab value="location">{location.name}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="national" pt="md">
          <NationalForecast />
        </Tabs.Panel>
        {location && (
          <Tabs.Panel value="location" pt="md">
            {seesLocationForecast ? (
              <LocationForecast location={location} clientId={clientId} />
            ) : (
              <TierNotice />
            )}
          </Tabs.Panel>
        )}
      </Tabs>
    </ForecastSection>
  );
}
