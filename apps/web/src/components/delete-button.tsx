import { Button } from '@mantine/core';

/** A form's Delete: outlined in red, busy while the removal it asked for runs. */
export function DeleteButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" color="red.9" loading={busy} onClick={onClick}>
      Delete
    </Button>
  );
}

/** A row's small red action (Delete, Revoke), named for screen readers after what it removes. */
export function RowDeleteButton({
  busy,
  onClick,
  label,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  label: string;
  children: string;
}) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red.9"
      // The subtle variant lightens red 9 to red 6 (3.6:1 on white); the label keeps red 9.
      c="red.9"
      loading={busy}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </Button>
  );
}
