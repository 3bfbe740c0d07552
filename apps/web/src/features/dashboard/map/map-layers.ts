import type { LocationSummary } from '@pluvio/shared/location-overview';
import type { LocationColor } from '@pluvio/shared/rainfall';
import L from 'leaflet';
import { CONTIGUOUS_US, createBaseMap, createPassThroughPane } from '../../../lib/map/base-map';
import type { MapView } from '../dashboard-types';
import { STATUS_STYLES } from '../location-rules';
import {
  type ClusterIndex,
  clusterDiameter,
  clusterLabel,
  expansionZoom,
  itemsInView,
  type MapItem,
} from './clusters';
import classes from './location-map.module.css';

/** Spec part 1 §9: "default centre near a southern US city, zoom 12" (Houston). */
const DEFAULT_CENTER: L.LatLngTuple = [29.76, -95.37];
const DEFAULT_ZOOM = 12;
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

export function createMapLayers(container: HTMLElement): MapLayers {
  const map = createBaseMap(container, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM });
  // The highlights above the markers (overlayPane, 400).
  createPassThroughPane(map, HIGHLIGHT_PANE, 450);
  return { map, markers: L.layerGroup().addTo(map), selection: L.layerGroup().addTo(map) };
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
