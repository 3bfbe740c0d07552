import { Box } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * A box that scrolls sideways, as a labelled region the keyboard can reach (axe requires it), so
 * a wide table or chart can be scrolled on a phone without a mouse.
 */
export function ScrollRegion({
  label,
  children,
  ref,
}: {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Box ref={ref} style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  );
}
