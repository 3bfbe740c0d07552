import { Anchor, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@pluvio/shared/navigation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A page below Storm Events (an event's, a location's routine inspections): the way back, then `children`. */
export function DetailPage({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Anchor component={Link} to={ROUTES.stormEvents} size="sm">
          ← All storm events
        </Anchor>
        {children}
      </Stack>
    </Container>
  );
}

/** The page's title with its status badge beside it. */
export function DetailTitle({ title, badge }: { title: string; badge: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs">
      <Title order={1}>{title}</Title>
      {badge}
    </Group>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Facts as a list of terms and values, two columns wide on larger screens. */
export function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={6} m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
