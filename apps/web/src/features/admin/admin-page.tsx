import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { PATHS } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { ClientStatusCards } from './client-status-cards';

/** Today's date in the product time zone (D2), e.g. 11/21/2026. */
export function healthDate(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return now.toLocaleDateString('en-US', { timeZone: timeZone ?? 'America/New_York' });
  } catch {
    return now.toLocaleDateString('en-US');
  }
}

/** /admin: the system health page (the data and message cards come with later issues). */
export function AdminPage() {
  const user = useCurrentUser();
  const config = useAppConfig();
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>Overall System Health {healthDate(config?.time_zone)}</Title>
        {user?.is_superuser && <ClientStatusCards />}
        {user?.is_superuser && (
          <Group gap="lg">
            <Anchor component={Link} to={PATHS.mailViewer}>
              Mail viewer
            </Anchor>
            <Anchor component={Link} to={PATHS.deliveryLog}>
              Delivery Log
            </Anchor>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
