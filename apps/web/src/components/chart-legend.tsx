import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Swatch = 'box' | 'line' | 'faded';

/** One colour of a chart's legend: a box, a dashed line or a faded box, and what it means. */
export function LegendItem({
  color,
  text,
  compact = false,
  swatch = 'box',
}: {
  color: string;
  text: string;
  compact?: boolean;
  swatch?: Swatch;
}) {
  const size = compact ? 10 : 14;
  const box = { width: size, height: size, borderRadius: 2 };
  const style =
    swatch === 'line'
      ? { borderTop: `2px dashed ${color}`, height: 0, width: 18 }
      : swatch === 'faded'
        ? { ...box, background: `${color}66`, border: `2px solid ${color}` }
        : { ...box, background: color };
  return (
    <Group component="li" gap={6} wrap="nowrap">
      <Box style={{ ...style, flexShrink: 0 }} aria-hidden />
      <Text size={compact ? 'xs' : 'sm'}>{text}</Text>
    </Group>
  );
}

/** A chart's legend: its items in a row, named 'Legend' for screen readers. */
export function LegendList({ compact = false, children }: { compact?: boolean; children: ReactNode }) {
  return (
    <Group
      component="ul"
      aria-label="Legend"
      gap={compact ? 'sm' : 'lg'}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {children}
    </Group>
  );
}
