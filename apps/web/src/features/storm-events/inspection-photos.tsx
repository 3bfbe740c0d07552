import { Box, Button, CloseButton, Group, Image, Input, Stack, Text, UnstyledButton } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { type InspectionPhoto, PHOTO_ACCEPT, PHOTO_LIMITS } from '@pluvio/shared/inspections';
import { stormTimeLabel } from '@pluvio/shared/storm-event-views';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useObjectUrl, useOpenOriginal, useThumbnailUrl } from './photos-api';

const THUMBNAIL_SIZE = 96;

/** Where and when the camera says the photo was taken, as far as it says. */
export function photoCaption(photo: InspectionPhoto, timeZone: string): string {
  const when = photo.taken_at ? `Taken ${stormTimeLabel(photo.taken_at, timeZone)}` : null;
  const where =
    photo.latitude !== null && photo.longitude !== null
      ? `${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`
      : null;
  return [when, where].filter(Boolean).join(' · ');
}

function Frame({ src, alt }: { src: string | undefined; alt: string }) {
  return src ? (
    <Image src={src} alt={alt} w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} fit="cover" radius="sm" />
  ) : (
    <Box
      w={THUMBNAIL_SIZE}
      h={THUMBNAIL_SIZE}
      bg="gray.1"
      style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <IconPhoto size={28} aria-hidden color="var(--mantine-color-gray-6)" />
    </Box>
  );
}

function Tile({ children, name, onRemove }: { children: ReactNode; name: string; onRemove?: () => void }) {
  return (
    <Box component="li" pos="relative" w={THUMBNAIL_SIZE}>
      {children}
      <Text size="xs" truncate="end" title={name}>
        {name}
      </Text>
      {onRemove && (
        <CloseButton
          pos="absolute"
          top={2}
          right={2}
          size="md"
          variant="filled"
          aria-label={`Remove photo ${name}`}
          onClick={onRemove}
        />
      )}
    </Box>
  );
}

function SavedPhoto({
  inspectionId,
  photo,
  onRemove,
}: {
  inspectionId: number;
  photo: InspectionPhoto;
  onRemove?: () => void;
}) {
  const src = useThumbnailUrl(inspectionId, photo);
  return (
    <Tile name={photo.file_name} onRemove={onRemove}>
      <Frame src={src} alt={photo.thumbnail_ready ? photo.file_name : `${photo.file_name} (no preview)`} />
    </Tile>
  );
}

function ChosenPhoto({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <Tile name={file.name} onRemove={onRemove}>
      <Frame src={useObjectUrl(file)} alt={file.name} />
    </Tile>
  );
}

const TILES_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** An inspection's photos on the event page: previews that open the original, with their EXIF time and position. */
export function PhotoGallery({
  inspectionId,
  photos,
  timeZone,
}: {
  inspectionId: number;
  photos: InspectionPhoto[];
  timeZone: string;
}) {
  const openOriginal = useOpenOriginal(inspectionId);
  return (
    <Group component="ul" gap="sm" align="flex-start" aria-label="Photos" style={TILES_STYLE}>
      {photos.map((photo) => (
        <Box component="li" key={photo.id} w={THUMBNAIL_SIZE * 1.5}>
          <UnstyledButton onClick={() => openOriginal(photo)} aria-label={`Open photo ${photo.file_name}`}>
            <PhotoPreview inspectionId={inspectionId} photo={photo} />
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {photoCaption(photo, timeZone) || photo.file_name}
          </Text>
        </Box>
      ))}
    </Group>
  );
}

function PhotoPreview({ inspectionId, photo }: { inspectionId: number; photo: InspectionPhoto }) {
  return <Frame src={useThumbnailUrl(inspectionId, photo)} alt={photo.file_name} />;
}

export interface PhotoChoice {
  /** The inspection's saved photos still kept. */
  kept: InspectionPhoto[];
  /** Photos chosen on this device, sent on save. */
  added: { key: string; file: File }[];
}

/** The form's photos: saved ones and chosen ones with remove buttons, and the picker (the camera on a phone), up to 20. */
export function PhotoField({
  inspectionId,
  value,
  onChange,
  error,
}: {
  inspectionId: number | null;
  value: PhotoChoice;
  onChange: (value: PhotoChoice) => void;
  error?: ReactNode;
}) {
  const count = value.kept.length + value.added.length;
  const room = PHOTO_LIMITS.perInspection - count;
  const choose = (files: FileList | null) => {
    const chosen = Array.from(files ?? []).slice(0, room);
    onChange({ ...value, added: [...value.added, ...chosen.map((file) => ({ key: randomId(), file }))] });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Input.Label component="span">Photos</Input.Label>
        <Text size="sm" c="dimmed">
          {count} of {PHOTO_LIMITS.perInspection}
        </Text>
      </Group>
      {count > 0 && (
        <Group
          component="ul"
          gap="sm"
          align="flex-start"
          aria-label="Photos of this inspection"
          style={TILES_STYLE}
        >
          {inspectionId !== null &&
            value.kept.map((photo) => (
              <SavedPhoto
                key={photo.id}
                inspectionId={inspectionId}
                photo={photo}
                onRemove={() => onChange({ ...value, kept: value.kept.filter((kept) => kept !== photo) })}
              />
            ))}
          {value.added.map((chosen) => (
            <ChosenPhoto
              key={chosen.key}
              file={chosen.file}
              onRemove={() => onChange({ ...value, added: value.added.filter((added) => added !== chosen) })}
            />
          ))}
        </Group>
      )}
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
      <Button component="label" variant="light" size="compact-sm" w="fit-content" disabled={room <= 0}>
        Add photos
        <input
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          multiple
          hidden
          disabled={room <= 0}
          onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </Button>
      <Text size="xs" c="dimmed">
        JPEG, PNG or HEIC, up to {PHOTO_LIMITS.megabytes} MB each.{' '}
        {room <= 0 && `An inspection holds at most ${PHOTO_LIMITS.perInspection} photos.`}
      </Text>
    </Stack>
  );
}
