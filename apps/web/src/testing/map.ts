import { fireEvent, screen, within } from '@testing-library/react';
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

/**
 * Clicks the named map `dx`, `dy` pixels from its centre once Leaflet has set it up (its zoom
 * buttons show), as a click or tap of a person would.
 */
export async function clickMap(name: string, dx = 0, dy = 0): Promise<void> {
  const map = await screen.findByRole('region', { name });
  await within(map).findByRole('button', { name: 'Zoom in' });
  fireEvent.click(map, { clientX: MAP_SIZE.width / 2 + dx, clientY: MAP_SIZE.height / 2 + dy });
}
