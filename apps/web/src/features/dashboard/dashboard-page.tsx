import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { trialEnded } from '@pluvio/shared/accounts';
import { canUse } from '@pluvio/shared/gates';
import type { LocationSummary } from '@pluvio/shared/location-overview';
import { provisionalText } from '@pluvio/shared/messages';
import { routineInspectionsPath, stormEventPath } from '@pluvio/shared/navigation';
import { pendingHours } from '@pluvio/shared/rainfall';
import { isTier4, type Viewer } from '@pluvio/shared/roles';
import { ROUTINE_STATUS_LABELS } from '@pluvio/shared/routine-inspections';
import { STORM_EVENT_STATUS_LABELS } from '@pluvio/shared/storm-events-api';
import { IconMap2 } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ForecastPanel } from '../../components/forecast/forecast-panel';
import { PaymentNotice } from '../../components/payment-notice';
import { UpgradeLink } from '../../components/upgrade-link';
import { VerifyEmailNotice } from '../../components/verify-email-notice';
import { locationQuery, useActiveAccount } from '../../lib/account-api';
import { useAppConfig, useTimeZone } from '../../lib/app-config';
import { PATHS } from '../../lib/routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import classes from './dashboard.module.css';
import type { LocationFilter, MapMode, MapView, MapViewRequest } from './dashboard-types';
import { dataUpToLabel, processStatusQuery } from './data-status';
import { locationOverviewQuery } from './location-overview-api';
import { FILTER_RESET_ZOOM, filterLocations, focusZoom } from './location-rules';
import type { PendingStorm } from './locations-panel/location-list';
import { LocationList } from './locations-panel/location-list';
import { useStormBadges } from './locations-panel/use-storm-badges';
import { LocationMap } from './map/location-map';
import { RainfallLegend, RainfallSection } from './rainfall/rainfall-section';
import { RecentAlerts } from './recent-alerts';
import { useLiveRefresh } from './use-live-refresh';

/**
 * A search or filter re-renders the page on every keystroke; the sections below the map do not
 * change with it, and redrawing their charts and dates would slow the list's answer.
 */
const StableRainfallSection = memo(RainfallSection);
const StableForecastPanel = memo(ForecastPanel);

const NO_LOCATIONS: LocationSummary[] = [];

const MAP_TABS: { value: MapMode; label: string }[] = [
  { value: 'daily', label: 'Daily Total' },
  { value: 'accum', label: '24 Hr Accum' },
];

/** The screen users live in (spec part 1 §2 "Dashboard"): map, list, charts and forecasts. */
export function DashboardPage() {
  const { user, viewer, account, clientId } = useActiveAccount();
  const timeZone = useTimeZone();
  useLiveRefresh(clientId);
  if (!viewer) return null;
  // Superusers (tier 4) manage accounts; the map and rainfall sections are for the account's users.
  if (isTier4(viewer)) {
    return (
      <Box className={classes.page}>
        <ForecastPanel location={null} clientId={clientId} viewer={viewer} />
      </Box>
    );
  }
  return (
    <Box className={classes.page}>
      {account?.is_trial_account && (
        <TrialEndedNotice trialEndDate={account.trial_end_date} timeZone={timeZone} />
      )}
      {account && <PaymentNotice account={account} />}
      {user && account && <VerifyEmailNotice user={user} account={account} />}
      <MonitoringView viewer={viewer} clientId={clientId} timeZone={timeZone} />
    </Box>
  );
}

/** D9: after the trial the data stays readable, but monitoring has stopped; say so and how to resume. */
function TrialEndedNotice({ trialEndDate, timeZone }: { trialEndDate: string | null; timeZone: string }) {
  if (!trialEnded(trialEndDate, timeZone)) return null;
  return (
    <Alert color="orange" title="Your trial has ended" mb="md">
      Alerts and the daily report stopped after {trialEndDate}. Your locations and their rainfall history are
      kept. <UpgradeLink>Upgrade to resume monitoring</UpgradeLink>
    </Alert>
  );
}

interface MonitoringViewProps {
  viewer: Viewer;
  clientId: number | undefined;
  timeZone: string;
}

function MonitoringView({ viewer, clientId, timeZone }: MonitoringViewProps) {
  const config = useAppConfig();
  const isMobile = useIsMobile();
  const locations = useQuery({ ...locationOverviewQuery(clientId), placeholderData: keepPreviousData });
  const status = useQuery(processStatusQuery);
  const [mode, setMode] = useState<MapMode>('daily');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<LocationFilter>('green');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const viewKey = useRef(0);
  const [view, setView] = useState<MapView>({ kind: 'fit', key: 0 });
  const requestView = (next: MapViewRequest) => {
    viewKey.current += 1;
    setView({ ...next, key: viewKey.current } as MapView);
  };

  const all = locations.data?.locations ?? NO_LOCATIONS;
  const provisional = locations.data?.provisional ?? null;
  const listed = useMemo(() => filterLocations(all, { search, filter, mode }), [all, search, filter, mode]);
  // Re-clustering 10,000 markers takes longer than the list: the list answers first, the map follows.
  const mapped = useDeferredValue(listed);
  const selected = all.find((location) => location.id === selectedId) ?? all[0] ?? null;
  // The list carries what the list and map draw; thresholds and Atlas 14 depths come with the selection.
  const details = useQuery({
    ...locationQuery(selected?.id ?? 0, clientId),
    enabled: selected !== null,
    placeholderData: keepPreviousData,
  });
  // The previous selection's details, kept while the next ones load, must not show under its name.
  const shownDetails = details.data?.id === selected?.id ? (details.data ?? null) : null;
  const showRed = canUse(viewer, 'atlas14Colour');
  const storms = useStormBadges(clientId);

  const select = (id: number) => {
    setSelectedId(id);
    requestView({ kind: 'focus', locationId: id, zoom: focusZoom(listed.length) });
  };
  const changeFilter = (next: LocationFilter) => {
    setFilter(next);
    if (next === 'green' || next === 'zero') requestView({ kind: 'overview', zoom: FILTER_RESET_ZOOM });
  };

  if (locations.isError) {
    return <Alert color="red">Error loading data. Please try again later. {locations.error.message}</Alert>;
  }
  if (locations.isPending) return <Text>Loading...</Text>;
  if (all.length === 0) return <NoLocations />;

  return (
    <Stack gap="lg">
      <DashboardHeading
        location={selected}
        storm={selected ? storms.byLocation.get(selected.id) : undefined}
        routineOverdue={selected !== null && storms.routineOverdue.has(selected.id)}
        dataUpTo={dataUpToLabel(status.data, timeZone)}
        pending={provisional && provisionalText(pendingHours(provisional), timeZone)}
        onResetMap={() => requestView({ kind: 'fit' })}
      />
      <Tabs value={mode} onChange={(value) => value && setMode(value as MapMode)} keepMounted={false}>
        <Tabs.List>
          {MAP_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box className={classes.mapAndList}>
        <Paper withBorder className={classes.list}>
          <LocationList
            storms={storms}
            locations={listed}
            total={all.length}
            mode={mode}
            selectedId={selected?.id ?? null}
            onSelect={select}
            search={search}
            onSearchChange={setSearch}
            filter={filter}
            onFilterChange={changeFilter}
            showNoaaFilter={canUse(viewer, 'aboveAtlas14Filter')}
          />
        </Paper>
        <Paper withBorder className={classes.map}>
          <LocationMap
            locations={mapped}
            mode={mode}
            selectedId={selected?.id ?? null}
            onSelect={select}
            view={view}
            tileUrl={config?.map.tile_url ?? null}
            tileAttribution={config?.map.tile_attribution ?? null}
          />
        </Paper>
        {isMobile && (
          <Box component="footer" className={classes.mobileLegend}>
            <RainfallLegend showRed={showRed} />
          </Box>
        )}
      </Box>
      <StableRainfallSection
        location={shownDetails}
        pending={selected !== null && shownDetails === null}
        clientId={clientId}
        viewer={viewer}
        tableView={config?.features.table_view ?? true}
        timeZone={timeZone}
        provisional={provisional}
      />
      <StableForecastPanel location={selected} clientId={clientId} viewer={viewer} />
      <RecentAlerts clientId={clientId} timeZone={timeZone} />
    </Stack>
  );
}

interface DashboardHeadingProps {
  location: LocationSummary | null;
  dataUpTo: string | null;
  /** What the figures include after the processed hour, provisional (issue 26). */
  pending: string | null;
  /** The selected location's storm event waiting for an inspection or still open. */
  storm: PendingStorm | undefined;
  /** The selected location's routine inspection is overdue (shown when no storm event is pending). */
  routineOverdue: boolean;
  onResetMap: () => void;
}

/** The selected location's most urgent inspection as a link: its pending storm event, else an overdue routine inspection. */
function InspectionLink({
  location,
  storm,
  routineOverdue,
}: Pick<DashboardHeadingProps, 'location' | 'storm' | 'routineOverdue'>) {
  if (storm) {
    return (
      <Anchor component={Link} to={stormEventPath(storm.event_id)} size="sm">
        {STORM_EVENT_STATUS_LABELS[storm.status]}: open the storm event
      </Anchor>
    );
  }
  if (!location || !routineOverdue) return null;
  return (
    <Anchor component={Link} to={routineInspectionsPath(location.id)} size="sm">
      {ROUTINE_STATUS_LABELS.overdue}: open the routine inspections
    </Anchor>
  );
}

function DashboardHeading({
  location,
  dataUpTo,
  pending,
  storm,
  routineOverdue,
  onResetMap,
}: DashboardHeadingProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Tooltip label="Reset map view">
          <ActionIcon variant="light" size="lg" aria-label="Reset map view" onClick={onResetMap}>
            <IconMap2 size={20} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <div>
          <VisuallyHidden component="h1">Dashboard</VisuallyHidden>
          <Title order={2} size="h3">
            {location?.name ?? 'Dashboard'}
          </Title>
          {location && (
            <Text size="sm" c="dimmed">
              {location.latitude.toFixed(4)}, {location.longitude.toFixed(4)}
            </Text>
          )}
          <InspectionLink location={location} storm={storm} routineOverdue={routineOverdue} />
        </div>
      </Group>
      {dataUpTo && (
        <Box ta={{ base: 'left', sm: 'right' }} maw={{ sm: 360 }}>
          <Text fw={600} data-testid="data-up-to">
            {dataUpTo}
          </Text>
          {pending && (
            <Text size="sm" c="dimmed" data-testid="data-pending">
              {pending}
            </Text>
          )}
        </Box>
      )}
    </Group>
  );
}

function NoLocations() {
  return (
    <Paper withBorder p="lg">
      <Title order={1} size="h3" mb="xs">
        No locations yet
      </Title>
      <Text>
        Add the sites you watch and their rainfall will show here.{' '}
        <Anchor component={Link} to={PATHS.locationForm}>
          Add a location
        </Anchor>
      </Text>
    </Paper>
  );
}
