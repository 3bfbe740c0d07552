import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { dataLinkTarget, opensAdminPage } from '@pluvio/shared/navigation';
import { viewerOf } from '@pluvio/shared/viewer';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PATHS } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

/** Pages other than the public ones need a signed-in user. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  return children;
}

/** Superuser-only pages (the mail viewer). */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  if (!user.is_superuser) return <Navigate to={PATHS.dashboard} replace />;
  return children;
}

export const ADMIN_ONLY_MESSAGE = 'This page is for Pluvio administrators.';

/** /admin: anyone else signed in is told plainly that the page is not theirs, with the way back. */
export function RequireAdminPage({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  const viewer = viewerOf(user);
  if (opensAdminPage(viewer)) return children;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Not available</Title>
        <Text>{ADMIN_ONLY_MESSAGE}</Text>
        <Anchor component={Link} to={dataLinkTarget(viewer)}>
          Back to your rainfall data
        </Anchor>
      </Stack>
    </Container>
  );
}
