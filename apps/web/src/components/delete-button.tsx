import { Button } from '@mantine/core';

/** A form's Delete: outlined in red, busy while the removal it asked for runs. */
export function DeleteButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" color="red.9" loading={busy} onClick={onClick}>
      Delete
    </Button>
  );
}
