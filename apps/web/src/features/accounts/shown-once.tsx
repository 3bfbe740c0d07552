import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';

/** A secret the server answers only when it is made (an API key, a webhook's signing secret). */
export interface OnceSecret {
  /** What to do with it now, since it will not be shown again. */
  note: ReactNode;
  value: string;
  /** The name of the box that holds it, for screen readers ('New API key'). */
  label: string;
  copyLabel: string;
}

/** The new secret, shown this once with a copy button; Done closes it for good. */
function ShownOnce({ secret, onDone }: { secret: OnceSecret; onDone: () => void }) {
  return (
    <Stack>
      <Text size="sm">{secret.note}</Text>
      <Code block aria-label={secret.label} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {secret.value}
      </Code>
      <Group>
        <CopyButton value={secret.value}>
          {({ copied, copy }) => (
            <Button variant="outline" onClick={copy}>
              {copied ? 'Copied' : secret.copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * The dialog that makes something with a secret: its form (`children`) until the server answers,
 * then the `created` secret shown once. Closing it forgets the secret.
 */
export function CreateOnceDialog({
  title,
  created,
  onClose,
  children,
}: {
  title: string;
  created: OnceSecret | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {created ? <ShownOnce secret={created} onDone={onClose} /> : children}
    </Modal>
  );
}

/** The end of a create-once form: why the server refused, then submit and cancel. */
export function CreateOnceActions({
  create,
  submitLabel,
  onClose,
}: {
  create: Pick<UseMutationResult<unknown, Error, void>, 'isError' | 'error' | 'isPending'>;
  submitLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      {create.isError && <ErrorMessage>{failureMessage(create.error, MESSAGES.tryAgain)}</ErrorMessage>}
      <Group>
        <Button type="submit" loading={create.isPending}>
          {submitLabel}
        </Button>
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </>
  );
}
