import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { dataLinkTarget, opensAdminPage } from '@pluvio/shared/navigation';
import { NEXT_PARAM } from '@pluvio/shared/return-path';
import { viewerOf } from '@pluvio/shared/viewer';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PATHS } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

/** To sign-in, which comes back here afterwards (an e-mailed link opened while signed out). */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const next = new URLSearchParams({ [NEXT_PARAM]: `${pathname}${search}${hash}` });
  return <Navigate to={`${PATHS.login}?${next}`} replace />;
}

/** Pages other than the public ones need a signed-in user. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <SignInFirst />;
  return children;
}

/** Superuser-only pages (the mail viewer). */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <SignInFirst />;
  if (!user.is_superuser) return <Navigate to={PATHS.dashboard} replace />;
  return children;
}

export const ADMIN_ONLY_MESSAGE = 'This page is for Pluvio administrators.';

/** /admin: anyone else signed in is told plainly that the page is not theirs, with the way back. */
export function RequireAdminPage({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <SignInFirst />;
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
