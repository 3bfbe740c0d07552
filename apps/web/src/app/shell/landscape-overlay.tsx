import { Center, Overlay, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobileRotated } from '@tabler/icons-react';

/**
 * Phones held sideways: a touch screen (coarse pointer), short and in landscape. A desktop window
 * that is merely short and wide has a fine pointer and keeps the page.
 */
export const PHONE_LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px) and (pointer: coarse)';

/** Asks phone users to turn the device back to portrait (spec part 1 §2). */
export function LandscapeOverlay() {
  const landscape = useMediaQuery(PHONE_LANDSCAPE_QUERY, false, { getInitialValueInEffect: false });
  if (!landscape) return null;
  return (
    <Overlay fixed zIndex={2000} color="#fff" backgroundOpacity={1}>
      <Center h="100%" p="md">
        <Stack align="center" gap="sm" role="alertdialog" aria-label="Rotate your device">
          <IconDeviceMobileRotated size={48} aria-hidden="true" />
          <Text fw={600} ta="center">
            Please rotate your device to portrait mode
          </Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
