import { vi } from 'vitest';

/** The size jsdom maps get: their centre is at (400, 250). */
export const MAP_SIZE = { width: 800, height: 500 } as const;

/**
 * jsdom neither lays out nor draws: gives every element the map's size, so Leaflet can place
 * points and read clicks, and every canvas a context that draws nothing. Call it before each test.
 */
export function prepareMapsForJsdom(): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(MAP_SIZE.width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(MAP_SIZE.height);
  const drawsNothing = new Proxy({}, { get: () => () => undefined });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    drawsNothing as CanvasRenderingContext2D,
  );
}

