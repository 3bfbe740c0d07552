import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Cards one under the other (phones: inspectors read them on site); `children` are their <li>s. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

/** A card that opens `to` as a whole: its title and badge on top, its lines under them. */
export function LinkCard({
  to,
  label,
  title,
  badge,
  children,
}: {
  to: string;
  label: string;
  title: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      p="sm"
      aria-label={label}
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {title}
          </Text>
          {badge}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
