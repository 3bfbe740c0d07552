import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { showsShell } from '@pluvio/shared/navigation';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../lib/routes';
import { FullPage } from './full-page';
import { Logo } from './logo';

/**
 * The centred card of the sign-in and onboarding pages, on the full-page wrapper's background. It
 * carries the logo only on pages without the top bar: where the shell shows, its header already has it.
 */
export function BareCard({
  title,
  children,
  width = 420,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  const withLogo = !showsShell(useLocation().pathname);
  return (
    <FullPage underHeader={!withLogo}>
      <Paper withBorder shadow="md" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="md">
          {withLogo && (
            <Anchor component={Link} to={PATHS.login} aria-label="Pluvio home" underline="never">
              <Logo />
            </Anchor>
          )}
          <Title order={1} fz="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </FullPage>
  );
}
