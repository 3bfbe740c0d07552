import L from 'leaflet';

/**
 * What every map of the app shares (the dashboard's and the location picker's): the contiguous
 * US, the zoom limits with and without tiles, the state outlines drawn from local data and the
 * base map's tiles.
 */

export const CONTIGUOUS_US: L.LatLngBoundsLiteral = [
  [24.5, -124.8],
  [49.4, -66.9],
];

/** The deepest zoom: street level over tiles; without tiles, as far as the state outlines tell. */
export const MAP_MAX_ZOOM = { tiles: 18, outlines: 9 } as const;

/** The pane of the state outlines, below markers (overlayPane, 400). */
const OUTLINE_PANE = 'outlines';

/**
 * Each pane gets its own canvas; one above the markers' canvas would catch every click on
 * the map unless its pane lets them through.
 */
export function createPassThroughPane(map: L.Map, name: string, zIndex: number): void {
  const pane = map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
}

/**
 * Leaflet 1.9 can run a canvas redraw it scheduled just before the canvas was removed (leaving
 * a page mid-redraw), which throws on the missing drawing context; such a redraw is skipped.
 */
const canvasRedraw = (L.Canvas.prototype as unknown as { _redraw: () => void })._redraw;
L.Canvas.include({
  _redraw(this: { _ctx?: CanvasRenderingContext2D }) {
    if (this._ctx) canvasRedraw.call(this);
  },
});

/** A Leaflet map on the container with the app's zoom steps, canvas renderer and outline pane. */
export function createBaseMap(
  container: HTMLElement,
  view: { center: L.LatLngExpression; zoom: number },
): L.Map {
  const map = L.map(container, {
    ...view,
    // Half steps let a fit frame the contiguous US on a phone as well.
    zoomSnap: 0.5,
    minZoom: 2,
    maxZoom: MAP_MAX_ZOOM.tiles,
    preferCanvas: true,
    renderer: L.canvas({ padding: 0.5 }),
  });
  createPassThroughPane(map, OUTLINE_PANE, 350);
  return map;
}

/** The US states as thin grey lines, from local data, so the map reads with no tile server. */
export async function addStateOutlines(map: L.Map, isCurrent: () => boolean): Promise<void> {
  const [{ feature }, { default: atlas }] = await Promise.all([
    import('topojson-client'),
    import('us-atlas/states-10m.json'),
  ]);
  if (!isCurrent()) return;
  const topology = atlas as unknown as Parameters<typeof feature>[0];
  const states = topology.objects.states;
  if (!states) return;
  L.geoJSON(feature(topology, states), {
    pane: OUTLINE_PANE,
    interactive: false,
    style: { color: '#868e96', weight: 1, opacity: 0.9, fill: false },
  }).addTo(map);
}

/**
 * Sets how far the map may zoom in, at once: Leaflet's `setMaxZoom` animates down to the new
 * limit, and a view set while that animation runs is dropped.
 */
export function limitZoom(map: L.Map, maxZoom: number): void {
  map.options.maxZoom = maxZoom;
  map.fire('zoomlevelschange');
  if (map.getZoom() > maxZoom) map.setZoom(maxZoom, { animate: false });
}

export function addTiles(map: L.Map, url: string, attribution: string | null): L.TileLayer {
  return L.tileLayer(url, { attribution: attribution ?? '', maxZoom: MAP_MAX_ZOOM.tiles }).addTo(map);
}
