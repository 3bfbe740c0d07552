import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../lib/routes';
import { Logo } from './logo';

/** The centred card of the sign-in and onboarding pages. */
export function BareCard({
  title,
  children,
  width = 420,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Center py="xl" px="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={width}>
        <Stack gap="md">
          <Anchor component={Link} to={PATHS.login} aria-label="Pluvio home" underline="never">
            <Logo />
          </Anchor>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
