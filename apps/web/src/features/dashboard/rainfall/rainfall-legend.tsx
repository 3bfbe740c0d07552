import { Box, Group, Text } from '@mantine/core';
import { BAR_COLORS } from './rainfall-rules';

const LEGEND_TEXTS = {
  orange: { full: "Exceeds the location's 24-hour threshold", compact: 'Above threshold' },
  red: { full: 'Exceeds the 24-hour NOAA Atlas 14 value', compact: 'Above NOAA 14' },
} as const;

function LegendItem({ color, text, compact }: { color: string; text: string; compact: boolean }) {
  const swatch = compact ? 10 : 14;
  return (
    <Group component="li" gap={6} wrap="nowrap">
      <Box w={swatch} h={swatch} bg={color} style={{ borderRadius: 2, flexShrink: 0 }} aria-hidden />
      <Text size={compact ? 'xs' : 'sm'}>{text}</Text>
    </Group>
  );
}

/**
 * What the chart colours mean (spec part 1 §2); red only for viewers who can see it (tier 2).
 * `compact` is the short form for the mobile footer.
 */
export function RainfallLegend({ showRed, compact = false }: { showRed: boolean; compact?: boolean }) {
  const form = compact ? 'compact' : 'full';
  return (
    <Group
      component="ul"
      aria-label="Legend"
      gap={compact ? 'sm' : 'lg'}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      <LegendItem color={BAR_COLORS.orange} text={LEGEND_TEXTS.orange[form]} compact={compact} />
      {showRed && <LegendItem color={BAR_COLORS.red} text={LEGEND_TEXTS.red[form]} compact={compact} />}
    </Group>
  );
}
