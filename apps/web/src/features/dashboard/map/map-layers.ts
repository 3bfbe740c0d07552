import type { LocationSummary } from '@pluvio/shared/location-overview';
import type { LocationColor } from '@pluvio/shared/rainfall';
import L from 'leaflet';
import type { MapView } from '../dashboard-types';
import { STATUS_STYLES } from '../location-rules';
import {
  type ClusterIndex,
  clusterDiameter,
  clusterLabel,
  expansionZoom,
  itemsInView,
  MAP_MAX_ZOOM,
  type MapItem,
} from './clusters';
import classes from './location-map.module.css';

/** Spec part 1 §9: "default centre near a southern US city, zoom 12" (Houston). */
const DEFAULT_CENTER: L.LatLngTuple = [29.76, -95.37];
const DEFAULT_ZOOM = 12;
const CONTIGUOUS_US: L.LatLngBoundsLiteral = [
  [24.5, -124.8],
  [49.4, -66.9],
];
const OUTLINE_PANE = 'outlines';
const HIGHLIGHT_PANE = 'highlights';
const MARKER_OUTLINE = '#212529';
const HIGHLIGHT = '#1971c2';

/** The Leaflet map and the layers the component updates, created once per mounted map. */
export interface MapLayers {
  map: L.Map;
  /** Clusters and single locations, redrawn after every move. */
  markers: L.LayerGroup;
  /** The ring around the selected location. */
  selection: L.LayerGroup;
}

/**
 * Each pane gets its own canvas; one above the markers' canvas would catch every click on
 * the map unless its pane lets them through.
 */
function createPassThroughPane(map: L.Map, name: string, zIndex: number): void {
  const pane = map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
}

/**
 * Leaflet 1.9 can run a canvas redraw it scheduled just before the canvas was removed (leaving
 * the dashboard mid-redraw), which throws on the missing drawing context; such a redraw is skipped.
 */
const canvasRedraw = (L.Canvas.prototype as unknown as { _redraw: () => void })._redraw;
L.Canvas.include({
  _redraw(this: { _ctx?: CanvasRenderingContext2D }) {
    if (this._ctx) canvasRedraw.call(this);
  },
});

export function createMapLayers(container: HTMLElement): MapLayers {
  const map = L.map(container, {
    center: DEFAULT_CENTER,
    zoom: DEFAULT_ZOOM,
    // Half steps let 'fit' frame the contiguous US on a phone as well.
    zoomSnap: 0.5,
    minZoom: 2,
    maxZoom: MAP_MAX_ZOOM.tiles,
    preferCanvas: true,
    renderer: L.canvas({ padding: 0.5 }),
  });
  // The outlines below the markers (overlayPane, 400); the highlights above them.
  createPassThroughPane(map, OUTLINE_PANE, 350);
  createPassThroughPane(map, HIGHLIGHT_PANE, 450);
  return { map, markers: L.layerGroup().addTo(map), selection: L.layerGroup().addTo(map) };
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
 * limit, and a view set while that animation runs is dropped (the selected site would not be shown).
 */
export function limitZoom(map: L.Map, maxZoom: number): void {
  map.options.maxZoom = maxZoom;
  map.fire('zoomlevelschange');
  if (map.getZoom() > maxZoom) map.setZoom(maxZoom, { animate: false });
}

export function addTiles(map: L.Map, url: string, attribution: string | null): L.TileLayer {
  return L.tileLayer(url, { attribution: attribution ?? '', maxZoom: MAP_MAX_ZOOM.tiles }).addTo(map);
}

export interface MarkerHandlers {
  nameOf(id: number): string;
  onSelect(id: number): void;
}

function statusFill(color: LocationColor): string {
  return STATUS_STYLES[color].fill;
}

function locationMarker(item: Extract<MapItem, { kind: 'location' }>, handlers: MarkerHandlers): L.Layer {
  return L.circleMarker([item.lat, item.lng], {
    radius: 7,
    color: MARKER_OUTLINE,
    weight: 1.5,
    fillColor: statusFill(item.color),
    fillOpacity: 0.95,
  })
    .bindTooltip(handlers.nameOf(item.id), { direction: 'top', offset: [0, -6] })
    .on('click', () => handlers.onSelect(item.id));
}

function clusterIcon(item: Extract<MapItem, { kind: 'cluster' }>): L.DivIcon {
  const disc = document.createElement('span');
  disc.className = classes.clusterDisc ?? '';
  disc.style.borderColor = statusFill(item.color);
  disc.textContent = clusterLabel(item.count);
  const size = clusterDiameter(item.count);
  return L.divIcon({ html: disc, className: classes.cluster, iconSize: [size, size] });
}

function clusterMarker(
  item: Extract<MapItem, { kind: 'cluster' }>,
  layers: MapLayers,
  index: ClusterIndex,
): L.Layer {
  const label = `${item.count} locations, worst: ${STATUS_STYLES[item.color].label}. Zoom in`;
  return L.marker([item.lat, item.lng], { icon: clusterIcon(item), title: label })
    .on('add', (event) => (event.target as L.Marker).getElement()?.setAttribute('aria-label', label))
    .on('click', () => layers.map.setView([item.lat, item.lng], expansionZoom(index, item.clusterId)));
}

/** Draws the clusters and locations around the current view; answers how many it drew. */
export function drawMarkers(layers: MapLayers, index: ClusterIndex, handlers: MarkerHandlers): number {
  const { map } = layers;
  const around = map.getBounds().pad(0.25);
  const box: [number, number, number, number] = [
    around.getWest(),
    around.getSouth(),
    around.getEast(),
    around.getNorth(),
  ];
  const items = itemsInView(index, box, map.getZoom());
  layers.markers.clearLayers();
  for (const item of items) {
    const marker =
      item.kind === 'cluster' ? clusterMarker(item, layers, index) : locationMarker(item, handlers);
    layers.markers.addLayer(marker);
  }
  return items.length;
}

export function showSelection(
  layers: MapLayers,
  location: LocationSummary | undefined,
  color: LocationColor,
): void {
  layers.selection.clearLayers();
  if (!location) return;
  L.circleMarker([location.latitude, location.longitude], {
    pane: HIGHLIGHT_PANE,
    interactive: false,
    radius: 11,
    color: HIGHLIGHT,
    weight: 4,
    fillColor: statusFill(color),
    fillOpacity: 1,
  }).addTo(layers.selection);
}

export function addYouAreHere(map: L.Map, position: GeolocationPosition): void {
  L.circleMarker([position.coords.latitude, position.coords.longitude], {
    pane: HIGHLIGHT_PANE,
    interactive: false,
    radius: 8,
    color: '#ffffff',
    weight: 3,
    fillColor: HIGHLIGHT,
    fillOpacity: 1,
  })
    .bindTooltip('You Are Here', { permanent: true, direction: 'top', offset: [0, -8] })
    .addTo(map);
}

function boundsOf(locations: readonly LocationSummary[]): L.LatLngBounds | null {
  if (locations.length === 0) return null;
  return L.latLngBounds(locations.map((location) => [location.latitude, location.longitude]));
}

function fitLocations(map: L.Map, locations: readonly LocationSummary[]): void {
  const [only] = locations;
  if (locations.length === 1 && only) {
    map.setView([only.latitude, only.longitude], DEFAULT_ZOOM);
    return;
  }
  map.fitBounds(boundsOf(locations) ?? CONTIGUOUS_US, { padding: [24, 24], maxZoom: DEFAULT_ZOOM });
}

/** Moves the map as the page asks: fit every location, an overview at a zoom, or one location. */
export function applyView(
  map: L.Map,
  view: MapView,
  locations: readonly LocationSummary[],
  byId: Map<number, LocationSummary>,
) {
  if (view.kind === 'fit') {
    fitLocations(map, locations);
  } else if (view.kind === 'overview') {
    const center = boundsOf(locations)?.getCenter() ?? L.latLngBounds(CONTIGUOUS_US).getCenter();
    map.setView(center, view.zoom);
  } else {
    const location = byId.get(view.locationId);
    if (location) map.setView([location.latitude, location.longitude], view.zoom);
  }
}
