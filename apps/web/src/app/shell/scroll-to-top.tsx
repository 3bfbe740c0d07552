import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The button appears after this much scrolling (spec part 1 §9). */
export const SCROLL_TOP_THRESHOLD = 300;
/** Room left for the header when a hash link scrolls to its element. */
export const HEADER_OFFSET = 80;

export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }} withinPortal={false}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label="Scroll to top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} aria-hidden="true" />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}

/** Scrolls to the element named by the location's hash (#graphs, #forecast), below the header. */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  return true;
}

export function HashScroller() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    if (scrollToHash(hash)) return;
    // The page may still be rendering its sections: try again shortly.
    const timer = setTimeout(() => scrollToHash(hash), 300);
    return () => clearTimeout(timer);
  }, [hash]);
  return null;
}
