import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { ErrorMessage } from './form-message';
import { type PointPicking, pointOf, refusalOf } from './map-point';
import classes from './point-picker.module.css';

const PickerMap = lazy(() => import('./point-picker-map').then((module) => ({ default: module.PickerMap })));

export interface PointPickerProps {
  /** The coordinate fields' text, as typed or filled. */
  latitude: string;
  longitude: string;
  /** Absent: the map only shows the point (a saved location's coordinates cannot change). */
  picking?: PointPicking;
}

/**
 * A 'Pick on map' toggle over a small map (issue 26 §3): a click or tap places the point, the
 * marker can be dragged, and either fills the coordinate fields; typed or searched coordinates
 * move the marker. The map stays closed until asked for, so a phone keeps the form in view, and
 * keyboard and screen-reader users keep the fields.
 */
export function PointPicker({ latitude, longitude, picking }: PointPickerProps) {
  const [opened, { toggle }] = useDisclosure(false);
  // A refusal stands for the fields it was given over; typing anything clears it.
  const fields = `${latitude} ${longitude}`;
  const [refusal, setRefusal] = useState<{ message: string; fields: string } | null>(null);
  const mapId = useId();
  const typed = pointOf(latitude, longitude);
  // A typed point outside the coverage (or half typed) is marked by its field, not shown on the map.
  const point = typed && picking && refusalOf(picking.coverage, typed) ? null : typed;

  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconMapPin size={16} aria-hidden />}
          aria-expanded={opened}
          aria-controls={opened ? mapId : undefined}
          onClick={toggle}
        >
          {opened ? 'Hide map' : picking ? 'Pick on map' : 'Show on map'}
        </Button>
      </Group>
      {opened && (
        <Stack gap={6} id={mapId}>
          <Suspense fallback={<div className={classes.map} />}>
            <PickerMap
              point={point}
              picking={picking}
              onRefusal={(message) => setRefusal(message ? { message, fields } : null)}
            />
          </Suspense>
          {picking && (
            <Text size="sm" c="dimmed">
              Click or tap the map to place the point, and drag the marker to adjust it.
            </Text>
          )}
          {refusal?.fields === fields && <ErrorMessage>{refusal.message}</ErrorMessage>}
        </Stack>
      )}
    </Stack>
  );
}
