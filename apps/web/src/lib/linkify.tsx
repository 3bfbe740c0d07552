import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Plain text with every http(s) URL turned into a link. */
export function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <Anchor key={index} href={part}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}
