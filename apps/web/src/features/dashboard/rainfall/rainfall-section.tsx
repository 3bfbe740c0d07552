import { Box, Group, Paper, Switch, Tabs, Text, Title } from '@mantine/core';
import type { Location } from '@pluvio/shared/locations';
import { passesTierGate, type Viewer } from '@pluvio/shared/roles';
import { TIER } from '@pluvio/shared/tiers';
import { useId, useState } from 'react';
import { TierNotice } from '../../../components/tier-notice';
import { Atlas14Table } from './atlas14-table';
import { RainfallLegend } from './rainfall-legend';
import { DailyChart, HourlyChart, HourlyTableView, RapidRainChart } from './rainfall-panels';

export { RainfallLegend } from './rainfall-legend';

export interface RainfallSectionProps {
  location: Location | null;
  clientId: number | undefined;
  viewer: Viewer;
  /** The runtime feature setting `table_view`. */
  tableView: boolean;
  /** The product time zone, e.g. America/New_York. */
  timeZone: string;
}

type ChartTab = 'daily' | 'hourly' | 'rapidrain' | 'atlas14';
const TIER_GATED_TABS: readonly ChartTab[] = ['rapidrain', 'atlas14'];

export const SELECT_LOCATION_TEXT = 'Select a location on the map or in the list to see its rainfall.';

function LockedChartsNotice() {
  return (
    <Paper withBorder bg="gray.0" p="sm" mt="sm">
      <Text size="sm" fw={600}>
        RapidRain and NOAA Atlas 14 are locked at your service level.
      </Text>
      <TierNotice />
    </Paper>
  );
}

function ChartTabs({
  location,
  clientId,
  timeZone,
  tierTwo,
  tab,
  onTabChange,
}: {
  location: Location;
  clientId: number | undefined;
  timeZone: string;
  tierTwo: boolean;
  tab: ChartTab;
  onTabChange: (tab: ChartTab) => void;
}) {
  // A tab the viewer may no longer open (after an account switch) falls back to the first one.
  const active = tierTwo || !TIER_GATED_TABS.includes(tab) ? tab : 'daily';
  return (
    <Tabs value={active} onChange={(value) => value && onTabChange(value as ChartTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="daily">24 Hour</Tabs.Tab>
        <Tabs.Tab value="hourly">1 Hour</Tabs.Tab>
        {tierTwo && <Tabs.Tab value="rapidrain">RapidRain</Tabs.Tab>}
        {tierTwo && <Tabs.Tab value="atlas14">NOAA Atlas 14</Tabs.Tab>}
      </Tabs.List>
      {!tierTwo && <LockedChartsNotice />}
      <Tabs.Panel value="daily" pt="md">
        <DailyChart location={location} clientId={clientId} timeZone={timeZone} showRed={tierTwo} />
      </Tabs.Panel>
      <Tabs.Panel value="hourly" pt="md">
        <HourlyChart location={location} clientId={clientId} />
      </Tabs.Panel>
      {tierTwo && (
        <Tabs.Panel value="rapidrain" pt="md">
          <RapidRainChart location={location} clientId={clientId} />
        </Tabs.Panel>
      )}
      {tierTwo && (
        <Tabs.Panel value="atlas14" pt="md">
          <Atlas14Table location={location} />
        </Tabs.Panel>
      )}
      {active !== 'atlas14' && (
        <Box mt="md">
          <RainfallLegend showRed={tierTwo} />
        </Box>
      )}
    </Tabs>
  );
}

/**
 * The dashboard's rainfall section (spec part 1 §2, #graphs): the 24-hour, hourly and RapidRain
 * charts, the NOAA Atlas 14 table, and the hourly table when the Table View setting allows it.
 */
export function RainfallSection({ location, clientId, viewer, tableView, timeZone }: RainfallSectionProps) {
  const headingId = useId();
  const [tab, setTab] = useState<ChartTab>('daily');
  const [showTable, setShowTable] = useState(false);
  const tierTwo = passesTierGate(viewer, TIER.silver);
  return (
    <Paper
      id="graphs"
      component="section"
      aria-labelledby={headingId}
      withBorder
      p={{ base: 'sm', sm: 'md' }}
    >
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {location ? `Rainfall ${location.name}` : 'Rainfall'}
        </Title>
        {tableView && location && (
          <Switch
            label="Table View"
            checked={showTable}
            onChange={(event) => setShowTable(event.currentTarget.checked)}
          />
        )}
      </Group>
      {!location ? (
        <Text c="dimmed">{SELECT_LOCATION_TEXT}</Text>
      ) : tableView && showTable ? (
        <HourlyTableView location={location} clientId={clientId} />
      ) : (
        <ChartTabs
          location={location}
          clientId={clientId}
          timeZone={timeZone}
          tierTwo={tierTwo}
          tab={tab}
          onTabChange={setTab}
        />
      )}
    </Paper>
  );
}
