import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
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

/** /admin: the system health page (spec part 1 §2, issue 16 point 1). */
export function AdminPage() {
  const user = useCurrentUser();
  const timeZone = useTimeZone();
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>Overall System Health {healthDate(timeZone)}</Title>
        {user?.is_superuser ? (
          <SystemHealthCards timeZone={timeZone} />
        ) : (
          <DataStatusBadge timeZone={timeZone} />
        )}
        {user?.is_superuser && <ClientStatusCards />}
        {user?.is_superuser && (
          <Group gap="lg">
            <Anchor component={Link} to={PATHS.mailViewer}>
              Mail viewer
            </Anchor>
            <Anchor component={Link} to={PATHS.deliveryLog}>
              Delivery Log
            </Anchor>
            <Anchor component={Link} to={PATHS.auditTrail}>
              Audit Trail
            </Anchor>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
