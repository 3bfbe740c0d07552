import { Group, Paper, Switch, Tabs, Text, Title } from '@mantine/core';
import { canUse } from '@pluvio/shared/gates';
import type { Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { PendingQuarters } from '@pluvio/shared/rainfall';
import type { Viewer } from '@pluvio/shared/roles';
import { useId, useState } from 'react';
import { TierNotice } from '../../../components/tier-notice';
import { Atlas14Table } from './atlas14-table';
import { DailyPanel, HourlyPanel, type PanelProps, RapidRainPanel } from './rainfall-panels';

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
  /** The quarter hours after the processed hour the figures include (issue 26). */
  provisional?: PendingQuarters | null;
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
  panel,
  timeZone,
  access,
  tab,
  onTabChange,
}: {
  panel: PanelProps;
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
        <DailyPanel {...panel} timeZone={timeZone} showRed={access.red} />
      </Tabs.Panel>
      <Tabs.Panel value="hourly" pt="md">
        <HourlyPanel {...panel} />
      </Tabs.Panel>
      {access.rapidrain && (
        <Tabs.Panel value="rapidrain" pt="md">
          <RapidRainPanel {...panel} />
        </Tabs.Panel>
      )}
      {access.atlas14 && (
        <Tabs.Panel value="atlas14" pt="md">
          <Atlas14Table location={panel.location} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

/**
 * The dashboard's rainfall section (spec part 1 §2, #graphs): the 24-hour, hourly and RapidRain
 * charts and the NOAA Atlas 14 table; with Table View (when the setting allows it) each chart
 * tab shows its own numbers as a table.
 */
export function RainfallSection({
  location,
  pending = false,
  clientId,
  viewer,
  tableView,
  timeZone,
  provisional = null,
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
      ) : (
        <ChartTabs
          panel={{ location, clientId, asTable: tableView && showTable, provisional }}
          timeZone={timeZone}
          access={access}
          tab={tab}
          onTabChange={setTab}
        />
      )}
    </Paper>
  );
}
