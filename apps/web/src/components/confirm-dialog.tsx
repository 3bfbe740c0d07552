import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Confirmation } from '@pluvio/shared/messages';

/**
 * Asks the user in the app's own dialog (no `window.confirm`): the title names the thing affected,
 * the buttons say what they do. Resolves true on the confirm button, false on Cancel, Escape or
 * closing the dialog.
 */
export function askToConfirm({
  title,
  question,
  consequence,
  confirmLabel,
  danger,
}: Confirmation): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          {consequence && (
            <Text size="sm" c="dimmed">
              {consequence}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      // Red 9 keeps white text at 5.5:1 (WCAG AA); the theme's red 8 gives 4.4:1.
      confirmProps: danger ? { color: 'red.9' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
