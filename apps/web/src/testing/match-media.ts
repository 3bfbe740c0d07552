import { vi } from 'vitest';

/** jsdom has no matchMedia; this answers each media query with `matches(query)`. */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn().mockImplementation(
      (query: string) =>
        ({
          matches: matches(query),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as MediaQueryList,
    ),
  });
}

/** Answers `max-width` and `min-width` queries (px or em) as a screen `width` px wide would. */
export function stubScreenWidth(width: number): void {
  stubMatchMedia((query) => {
    const bound = query.match(/(max|min)-width:\s*([\d.]+)(px|em)/);
    if (!bound) return false;
    const px = Number(bound[2]) * (bound[3] === 'em' ? 16 : 1);
    return bound[1] === 'max' ? width <= px : width >= px;
  });
}
