import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A red error box (announced to screen readers). */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      styles={{ message: { color: 'var(--mantine-color-red-9)' } }}
    >
      {children}
    </Alert>
  );
}

/** A blue success or information box. */
export function InfoMessage({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      styles={{ message: { color: 'var(--mantine-color-blue-9)' } }}
    >
      {children}
    </Alert>
  );
}
