import { Button, Group, Title } from '@mantine/core';

/** A page title with a Refresh button that reads the page's data again (disabled while it does). */
export function RefreshableTitle({
  title,
  refreshing,
  onRefresh,
}: {
  title: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Group justify="space-between">
      <Title order={1}>{title}</Title>
      <Button variant="light" onClick={onRefresh} disabled={refreshing}>
        Refresh
      </Button>
    </Group>
  );
}
