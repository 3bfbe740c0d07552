import { Center, Loader, Overlay, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';

/** The full-screen 'Working...' spinner shown while signing out. */
export function LogoutSpinner() {
  return (
    <Overlay fixed zIndex={1000} color="#fff" backgroundOpacity={0.92}>
      <Center h="100%">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader size="lg" aria-hidden="true" />
          <Text fw={600}>{MESSAGES.working}</Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
