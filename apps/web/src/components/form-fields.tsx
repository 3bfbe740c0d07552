import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import type { ReactNode } from 'react';

/** The required Email field of a form. */
export function EmailInput(props: Omit<TextInputProps, 'type' | 'label' | 'required'>) {
  return <TextInput type="email" label="Email" required {...props} />;
}

/** A form's submit button: it says 'Working...' and waits while the form's request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy}>
      {busy ? MESSAGES.working : children}
    </Button>
  );
}
