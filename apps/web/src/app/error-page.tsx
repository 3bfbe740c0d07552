import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { dataLinkTarget } from '@pluvio/shared/navigation';
import { viewerOf } from '@pluvio/shared/viewer';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PATHS } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `${error.status}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The heading of spec part 1 §8 "Routing failure", the cause, and a way back. */
function ErrorScreen({ cause }: { cause: string }) {
  const user = useCurrentUser();
  const start = user ? dataLinkTarget(viewerOf(user)) : PATHS.login;
  return (
    <main>
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>{MESSAGES.unexpectedError}</Title>
          <Text>
            <i>{cause}</i>
          </Text>
          <Anchor component={Link} to={start}>
            Back to the start page
          </Anchor>
        </Stack>
      </Container>
    </main>
  );
}

/** The router's error screen, shown when a page fails to load or render. */
export function ErrorPage() {
  return <ErrorScreen cause={describe(useRouteError())} />;
}

/** An address the app does not have, shown inside the shell so the menu stays. */
export function NotFoundPage() {
  return <ErrorScreen cause="404 Not Found" />;
}
