import { Group, Text } from '@mantine/core';

/** The raindrop mark and the Pluvio wordmark. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="var(--mantine-color-blue-8)"
          d="M12 2c-.3 0-.6.2-.8.4C9.3 5 5 10.6 5 14.5a7 7 0 0 0 14 0c0-3.9-4.3-9.5-6.2-12.1A1 1 0 0 0 12 2z"
        />
        <path
          fill="#fff"
          opacity="0.55"
          d="M9 13.5a1 1 0 0 1 1 1 2.5 2.5 0 0 0 2.5 2.5 1 1 0 0 1 0 2A4.5 4.5 0 0 1 8 14.5a1 1 0 0 1 1-1z"
        />
      </svg>
      <Text component="span" fw={700} fz="xl" c="blue.9" lh={1}>
        Pluvio
      </Text>
    </Group>
  );
}
