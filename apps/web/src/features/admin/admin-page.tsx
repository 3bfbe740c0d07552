import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTimeZone } from '../../lib/app-config';
import { PATHS } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { ClientStatusCards } from './client-status-cards';
import { DataStatusBadge, SystemHealthCards } from './system-health-cards';

/** Today's date in the product time zone (D2), e.g. 11/21/2026. */
export function healthDate(timeZone: string, now: Date = new Date()): string {
  return now.toLocaleDateString('en-US', { timeZone });
}

/** The superuser's tools, at the top of the Admin Center. */
const ADMIN_TOOLS = [
  { label: 'Switch User', to: PATHS.switchUser },
  { label: 'Mail viewer', to: PATHS.mailViewer },
  { label: 'Delivery Log', to: PATHS.deliveryLog },
  { label: 'Audit Trail', to: PATHS.auditTrail },
];

function AdminTools() {
  return (
    <Group gap="xs" component="nav" aria-label="Admin tools">
      {ADMIN_TOOLS.map(({ label, to }) => (
        <Button key={to} component={Link} to={to} variant="light" size="sm">
          {label}
        </Button>
      ))}
    </Group>
  );
}

/** /admin: the system health page (spec part 1 §2, issue 16 point 1). */
export function AdminPage() {
  const user = useCurrentUser();
  const timeZone = useTimeZone();
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>Overall System Health {healthDate(timeZone)}</Title>
        {user?.is_superuser && <AdminTools />}
        {user?.is_superuser ? (
          <SystemHealthCards timeZone={timeZone} />
        ) : (
          <DataStatusBadge timeZone={timeZone} />
        )}
        {user?.is_superuser && <ClientStatusCards />}
      </Stack>
    </Container>
  );
}
