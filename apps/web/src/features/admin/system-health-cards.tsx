import { Anchor, Badge, Card, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import type { ReportType } from '@pluvio/shared/reports';
import {
  type ChannelHealth,
  clockLabel,
  type HealthLevel,
  latenessLabel,
  type PassHealth,
  type SystemHealth,
} from '@pluvio/shared/system-health';
import { plural } from '@pluvio/shared/words';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { PATHS } from '../../lib/routes';
import { processStatusQuery, systemHealthQuery } from './health-api';

const LEVEL_STYLES: Record<HealthLevel, { border: string; background?: string }> = {
  ok: { border: 'var(--mantine-color-gray-3)' },
  amber: { border: 'var(--mantine-color-yellow-6)', background: 'var(--mantine-color-yellow-0)' },
  red: { border: 'var(--mantine-color-red-7)', background: 'var(--mantine-color-red-0)' },
};

const LEVEL_NAMES: Record<HealthLevel, string> = { ok: 'OK', amber: 'Needs attention', red: 'Failing' };

const reportLink = (type: ReportType) => `${PATHS.reports}?type=${type}`;

/** One card of the page: its colour says how the source fares, and its reasons say why. */
function HealthCard({
  title,
  level,
  reasons,
  children,
  link,
}: {
  title: string;
  level: HealthLevel;
  reasons: string[];
  children: ReactNode;
  link: { to: string; label: string };
}) {
  const style = LEVEL_STYLES[level];
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={title}
      data-level={level}
      style={{
        borderColor: style.border,
        borderLeftWidth: level === 'ok' ? undefined : 6,
        background: style.background,
      }}
    >
      <Stack gap={4} h="100%">
        <Text fw={600}>{title}</Text>
        {children}
        {level !== 'ok' && (
          <div role="status">
            <Text size="sm" fw={700} c={level === 'red' ? 'red.9' : 'dark.7'}>
              {LEVEL_NAMES[level]}
            </Text>
            <List size="sm">
              {reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </div>
        )}
        <Anchor component={Link} to={link.to} size="sm" mt="auto">
          {link.label}
        </Anchor>
      </Stack>
    </Card>
  );
}

function heldNote(channel: ChannelHealth, where: string) {
  if (channel.held === 0) return null;
  return (
    <Text size="sm" c="dark.4">
      {channel.held} kept in the outbox ({where})
    </Text>
  );
}

function EmailsCard({ emails }: { emails: ChannelHealth }) {
  return (
    <HealthCard
      title="Emails"
      level={emails.level}
      reasons={emails.reasons}
      link={{ to: reportLink('emails'), label: 'E-mail delivery report' }}
    >
      <Text size="xl" fw={700}>
        {emails.sent} <Text span>Processed</Text>
      </Text>
      <Text size="sm">{emails.errors} errors</Text>
      {heldNote(emails, 'no mail server')}
    </HealthCard>
  );
}

function SmsCard({ sms }: { sms: ChannelHealth }) {
  return (
    <HealthCard
      title="SMS"
      level={sms.level}
      reasons={sms.reasons}
      link={{ to: reportLink('sms'), label: 'SMS delivery report' }}
    >
      <Text size="xl" fw={700} aria-label={`${sms.sent} sent of ${sms.total}`}>
        {sms.sent}/{sms.total}
      </Text>
      <Text size="sm">{sms.errors} errors</Text>
      {heldNote(sms, 'no SMS provider')}
    </HealthCard>
  );
}

function newestHourLine(pass: PassHealth, timeZone: string) {
  if (!pass.newest_hour) return 'No hour stored yet';
  return `Newest hour ${clockLabel(new Date(pass.newest_hour), timeZone)}`;
}

function PassCard({ pass, timeZone }: { pass: PassHealth; timeZone: string }) {
  const standby = pass.pass === 2 && pass.level === 'ok';
  return (
    <HealthCard
      title={`Pass ${pass.pass} data`}
      level={pass.level}
      reasons={pass.reasons}
      link={{ to: reportLink('files-processed'), label: 'Files processed report' }}
    >
      {standby ? (
        <>
          <Text size="xl" fw={700}>
            On Standby
          </Text>
          <Text size="sm">{newestHourLine(pass, timeZone)}</Text>
        </>
      ) : (
        <>
          <Text size="sm">Newest hour</Text>
          <Text size="xl" fw={700}>
            {pass.newest_hour ? clockLabel(new Date(pass.newest_hour), timeZone) : 'None stored yet'}
          </Text>
        </>
      )}
      {pass.arrived_at && (
        <Text size="sm">Arrived {alertTimeLabel(new Date(pass.arrived_at), timeZone)}</Text>
      )}
      {pass.newest_hour && <Text size="sm">Next hour {latenessLabel(pass.minutes_late)}</Text>}
      <Text size="sm">
        {plural(pass.failed, 'field')} failed, {pass.retried} retried today
      </Text>
    </HealthCard>
  );
}

/** Superusers' cards: today's e-mails and texts and both passes of the rainfall data. */
export function SystemHealthCards({ timeZone }: { timeZone: string }) {
  const query = useQuery(systemHealthQuery);
  if (query.isError)
    return <ErrorMessage>{failureMessage(query.error, 'Could not load the system health.')}</ErrorMessage>;
  const health: SystemHealth | undefined = query.data;
  if (!health) return null;
  const [pass1, pass2] = [1, 2].map((number) => health.passes.find((pass) => pass.pass === number));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <EmailsCard emails={health.emails} />
      <SmsCard sms={health.sms} />
      {pass1 && <PassCard pass={pass1} timeZone={timeZone} />}
      {pass2 && <PassCard pass={pass2} timeZone={timeZone} />}
    </SimpleGrid>
  );
}

/** Others see only the small badge '{Status} {HHMM} ET data' (spec part 1 §2). */
export function DataStatusBadge({ timeZone }: { timeZone: string }) {
  const { data } = useQuery(processStatusQuery);
  if (!data) return null;
  const label = data.datetime
    ? `${data.status === 'processing' ? 'Processing' : 'Done'} ${clockLabel(new Date(data.datetime), timeZone)} data`
    : 'No data yet';
  return (
    <Badge color="yellow.3" c="dark.9" tt="none" size="lg" w="fit-content">
      {label}
    </Badge>
  );
}
