import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message box whose text uses the darkest shade of its colour, so it passes WCAG AA. */
function MessageBox({
  color,
  role,
  children,
}: {
  color: 'red' | 'blue';
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      styles={{ message: { color: `var(--mantine-color-${color}-9)` } }}
    >
      {children}
    </Alert>
  );
}

/** A red error box (announced to screen readers). */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <MessageBox color="red" role="alert">
      {children}
    </MessageBox>
  );
}

/** A blue success or information box. */
export function InfoMessage({ children }: { children: ReactNode }) {
  return (
    <MessageBox color="blue" role="status">
      {children}
    </MessageBox>
  );
}
