import { Box, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scroll-region.module.css';

export const SCROLL_HINT = 'Scroll sideways to see every column';

interface Overflow {
  left: boolean;
  right: boolean;
}

/** Which sides of a sideways-scrolling box hide more content. */
function overflowOf(element: HTMLElement): Overflow {
  const hidden = element.scrollWidth - element.clientWidth;
  return { left: element.scrollLeft > 1, right: hidden - element.scrollLeft > 1 };
}

/**
 * A box that scrolls sideways, as a labelled region the keyboard can reach (axe requires it), so
 * a wide table or chart can be scrolled on a phone without a mouse. When it is wider than the
 * screen it says so, and shadows mark the sides where more lies.
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
  const own = useRef<HTMLDivElement>(null);
  const merged = useMergedRef(own, ref);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const measure = useCallback(() => {
    if (own.current) setOverflow(overflowOf(own.current));
  }, []);

  useEffect(() => {
    const element = own.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrolls = overflow.left || overflow.right;
  return (
    <div>
      {scrolls && (
        <Text size="xs" c="dimmed" mb={4}>
          {SCROLL_HINT} <span aria-hidden="true">→</span>
        </Text>
      )}
      <div
        className={classes.frame}
        data-more-left={overflow.left || undefined}
        data-more-right={overflow.right || undefined}
      >
        <Box
          ref={merged}
          className={classes.region}
          onScroll={measure}
          tabIndex={0}
          role="region"
          aria-label={label}
        >
          {children}
        </Box>
      </div>
    </div>
  );
}
