import { Box, Group, Paper, Switch, Tabs, Text, Title } from '@mantine/core';
import { canUse } from '@pluvio/shared/gates';
import type { Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { Viewer } from '@pluvio/shared/roles';
import { useId, useState } from 'react';
import { TierNotice } from '../../../components/tier-notice';
import { Atlas14Table } from './atlas14-table';
import { RainfallLegend } from './rainfall-legend';
import { DailyChart, HourlyChart, HourlyTableView, RapidRainChart } from './rainfall-panels';

export { RainfallLegend } from './rainfall-legend';

export interface RainfallSectionProps {
  location: Location | null;
  /** A location is selected and its details are on their way. */
  pending?: boolean;
  clientId: number | undefined;
  viewer: Viewer;
  /** The runtime feature setting `table_view`. */
  tableView: boolean;
  /** The product time zone, e.g. America/New_York. */
  timeZone: string;
}

type ChartTab = 'daily' | 'hourly' | 'rapidrain' | 'atlas14';

/** The tier-gated parts of the section this viewer sees. */
interface ChartAccess {
  rapidrain: boolean;
  atlas14: boolean;
  red: boolean;
}

function chartAccess(viewer: Viewer): ChartAccess {
  return {
    rapidrain: canUse(viewer, 'rapidrain'),
    atlas14: canUse(viewer, 'atlas14'),
    red: canUse(viewer, 'atlas14Colour'),
  };
}

function opens(access: ChartAccess, tab: ChartTab): boolean {
  return tab === 'rapidrain' || tab === 'atlas14' ? access[tab] : true;
}

export const SELECT_LOCATION_TEXT = 'Select a location on the map or in the list to see its rainfall.';

function LockedChartsNotice() {
  return (
    <Paper withBorder bg="gray.0" p="sm" mt="sm">
      <Text size="sm" fw={600}>
        {MESSAGES.chartsAboveLevel}
      </Text>
      <TierNotice />
    </Paper>
  );
}

function ChartTabs({
  location,
  clientId,
  timeZone,
  access,
  tab,
  onTabChange,
}: {
  location: Location;
  clientId: number | undefined;
  timeZone: string;
  access: ChartAccess;
  tab: ChartTab;
  onTabChange: (tab: ChartTab) => void;
}) {
  // A tab the viewer may no longer open (after an account switch) falls back to the first one.
  const active = opens(access, tab) ? tab : 'daily';
  return (
    <Tabs value={active} onChange={(value) => value && onTabChange(value as ChartTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="daily">24 Hour</Tabs.Tab>
        <Tabs.Tab value="hourly">1 Hour</Tabs.Tab>
        {access.rapidrain && <Tabs.Tab value="rapidrain">RapidRain</Tabs.Tab>}
        {access.atlas14 && <Tabs.Tab value="atlas14">NOAA Atlas 14</Tabs.Tab>}
      </Tabs.List>
      {!(access.rapidrain && access.atlas14) && <LockedChartsNotice />}
      <Tabs.Panel value="daily" pt="md">
        <DailyChart location={location} clientId={clientId} timeZone={timeZone} showRed={access.red} />
      </Tabs.Panel>
      <Tabs.Panel value="hourly" pt="md">
        <HourlyChart location={location} clientId={clientId} />
      </Tabs.Panel>
      {access.rapidrain && (
        <Tabs.Panel value="rapidrain" pt="md">
          <RapidRainChart location={location} clientId={clientId} />
        </Tabs.Panel>
      )}
      {access.atlas14 && (
        <Tabs.Panel value="atlas14" pt="md">
          <Atlas14Table location={location} />
        </Tabs.Panel>
      )}
      {active !== 'atlas14' && (
        <Box mt="md">
          <RainfallLegend showRed={access.red} />
        </Box>
      )}
    </Tabs>
  );
}

/**
 * The dashboard's rainfall section (spec part 1 §2, #graphs): the 24-hour, hourly and RapidRain
 * charts, the NOAA Atlas 14 table, and the hourly table when the Table View setting allows it.
 */
export function RainfallSection({
  location,
  pending = false,
  clientId,
  viewer,
  tableView,
  timeZone,
}: RainfallSectionProps) {
  const headingId = useId();
  const [tab, setTab] = useState<ChartTab>('daily');
  const [showTable, setShowTable] = useState(false);
  const access = chartAccess(viewer);
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
        <Text c="dimmed">{pending ? MESSAGES.loading : SELECT_LOCATION_TEXT}</Text>
      ) : tableView && showTable ? (
        <HourlyTableView location={location} clientId={clientId} />
      ) : (
        <ChartTabs
          location={location}
          clientId={clientId}
          timeZone={timeZone}
          access={access}
          tab={tab}
          onTabChange={setTab}
        />
      )}
    </Paper>
  );
}
