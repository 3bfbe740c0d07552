import { Badge, type BadgeProps } from '@mantine/core';
import { STORM_EVENT_STATUS_COLORS } from '@pluvio/shared/storm-event-views';
import type { ComponentPropsWithoutRef } from 'react';

type DivProps = Omit<ComponentPropsWithoutRef<'div'>, keyof BadgeProps | 'children'>;

import { STORM_EVENT_STATUS_LABELS, type StormEventStatus } from '@pluvio/shared/storm-events-api';

/**
 * A storm event's status in its colour (overdue red, due orange, raining blue, inspected green,
 * removed gray): a pale fill with a darker border and dark text, which passes WCAG AA on every colour.
 */
export function StormStatusBadge({ status, ...props }: { status: StormEventStatus } & BadgeProps & DivProps) {
  const color = STORM_EVENT_STATUS_COLORS[status];
  return (
    <Badge
      variant="filled"
      tt="none"
      color={`${color}.2`}
      c="dark.9"
      style={{ border: `1px solid var(--mantine-color-${color}-7)` }}
      {...props}
    >
      {STORM_EVENT_STATUS_LABELS[status]}
    </Badge>
  );
}
