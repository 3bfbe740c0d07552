import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { dataLinkTarget } from '@pluvio/shared/navigation';
import { viewerOf } from '@pluvio/shared/viewer';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PATHS } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `${error.status}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The heading of spec part 1 §8 "Routing failure" as written, the cause, and the ways on: back to
 * the start page, or the page again (a failed load often works the second time).
 */
function ErrorScreen({ cause, retry = false }: { cause: string; retry?: boolean }) {
  const user = useCurrentUser();
  const start = user ? dataLinkTarget(viewerOf(user)) : PATHS.login;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack align="flex-start">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-8)" aria-hidden="true" />
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {MESSAGES.unexpectedError}
          </Title>
          <Text c="dimmed">{cause}</Text>
          <Group gap="sm">
            <Button component={Link} to={start}>
              Back to the start page
            </Button>
            {retry && (
              <Button variant="default" onClick={() => window.location.reload()}>
                Try again
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/** A page that failed to load or render, shown inside the app's shell (header and menu stay). */
export function ErrorPage() {
  return <ErrorScreen cause={describe(useRouteError())} retry />;
}

/** The shell itself failed: the same screen, standing alone. */
export function ShellErrorPage() {
  return (
    <main>
      <ErrorPage />
    </main>
  );
}

/** An address the app does not have, shown inside the shell so the menu stays. */
export function NotFoundPage() {
  return <ErrorScreen cause="404 Not Found" />;
}
