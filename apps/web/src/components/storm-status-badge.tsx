import { Badge, type BadgeProps } from '@mantine/core';
import { ROUTINE_STATUS_LABELS, type RoutineStatus } from '@pluvio/shared/routine-inspections';
import { STORM_EVENT_STATUS_COLORS } from '@pluvio/shared/storm-event-views';
import { STORM_EVENT_STATUS_LABELS, type StormEventStatus } from '@pluvio/shared/storm-events-api';
import type { ComponentPropsWithoutRef } from 'react';

type DivProps = Omit<ComponentPropsWithoutRef<'div'>, keyof BadgeProps>;
type StatusBadgeProps = BadgeProps & Omit<DivProps, 'children'>;

/**
 * A badge in `color` as a pale fill with a darker border and dark text, which passes WCAG AA on
 * every colour (Mantine's light badges do not on orange).
 */
export function PaleBadge({ color, ...props }: { color: string } & Omit<BadgeProps, 'color'> & DivProps) {
  return (
    <Badge
      variant="filled"
      tt="none"
      color={`${color}.2`}
      c="dark.9"
      style={{ border: `1px solid var(--mantine-color-${color}-7)`, flexShrink: 0 }}
      {...props}
    />
  );
}

/** A storm event's status in its colour (overdue red, due orange, raining blue, inspected green, removed gray). */
export function StormStatusBadge({ status, ...props }: { status: StormEventStatus } & StatusBadgeProps) {
  return (
    <PaleBadge color={STORM_EVENT_STATUS_COLORS[status]} {...props}>
      {STORM_EVENT_STATUS_LABELS[status]}
    </PaleBadge>
  );
}

/** A routine inspection's status in the colours of a storm event's same status (overdue red, due orange). */
export function RoutineStatusBadge({ status, ...props }: { status: RoutineStatus } & StatusBadgeProps) {
  return (
    <PaleBadge color={STORM_EVENT_STATUS_COLORS[status]} {...props}>
      {ROUTINE_STATUS_LABELS[status]}
    </PaleBadge>
  );
}
