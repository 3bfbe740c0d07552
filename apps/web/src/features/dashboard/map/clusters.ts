import type { LocationSummary } from '@pluvio/shared/location-overview';
import type { LocationColor } from '@pluvio/shared/rainfall';
import Supercluster from 'supercluster';
import { MAP_MAX_ZOOM } from '../../../lib/map/base-map';
import type { MapMode } from '../dashboard-types';
import { colorOf, worstColor } from '../location-rules';

interface PointProps {
  id: number;
  color: LocationColor;
}

interface ClusterProps {
  color: LocationColor;
}

export type ClusterIndex = Supercluster<PointProps, ClusterProps>;

/** What the map draws at the current view: a single location, or a cluster of them. */
export type MapItem =
  | { kind: 'location'; id: number; lat: number; lng: number; color: LocationColor }
  | { kind: 'cluster'; clusterId: number; lat: number; lng: number; count: number; color: LocationColor };

/** Past this zoom every location is drawn on its own (the selection zoom is 15), over map tiles. */
export const CLUSTER_MAX_ZOOM = 14;

/**
 * Locations closer than this many screen pixels are drawn as one cluster. With an extent of
 * 256 (Leaflet's tile size) supercluster's radius is in screen pixels.
 */
const CLUSTER_RADIUS_PX = 40;

/**
 * Indexes the locations once per list and tab; a cluster carries its worst member status.
 * Clusters end one zoom before the map's deepest, so every location can be reached on its own.
 */
export function buildClusterIndex(
  locations: readonly LocationSummary[],
  mode: MapMode,
  mapMaxZoom: number = MAP_MAX_ZOOM.tiles,
): ClusterIndex {
  const index: ClusterIndex = new Supercluster({
    radius: CLUSTER_RADIUS_PX,
    extent: 256,
    maxZoom: Math.min(CLUSTER_MAX_ZOOM, mapMaxZoom - 1),
    map: (props) => ({ color: props.color }),
    reduce: (accumulated, props) => {
      accumulated.color = worstColor([accumulated.color, props.color]);
    },
  });
  return index.load(
    locations.map((location) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [location.longitude, location.latitude] },
      properties: { id: location.id, color: colorOf(location, mode) },
    })),
  );
}

/** The clusters and single locations within the box `[west, south, east, north]` at `zoom`. */
export function itemsInView(
  index: ClusterIndex,
  box: [number, number, number, number],
  zoom: number,
): MapItem[] {
  return index.getClusters(box, zoom).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props) {
      return {
        kind: 'cluster',
        clusterId: props.cluster_id,
        lat,
        lng,
        count: props.point_count,
        color: props.color,
      };
    }
    return { kind: 'location', id: props.id, lat, lng, color: props.color };
  });
}

/** The zoom at which a cluster splits, capped so a cluster of identical coordinates stays reachable. */
export function expansionZoom(index: ClusterIndex, clusterId: number): number {
  const lastClusterZoom = index.options.maxZoom ?? CLUSTER_MAX_ZOOM;
  return Math.min(index.getClusterExpansionZoom(clusterId), lastClusterZoom + 1);
}

/** Cluster discs grow with the number of locations they hold. */
export function clusterDiameter(count: number): number {
  return Math.round(26 + 6 * Math.log10(count));
}

/** The count shown on a cluster: 1.2k and 10k past a thousand, so it fits the disc. */
export function clusterLabel(count: number): string {
  return count < 1000 ? String(count) : `${Math.round(count / 100) / 10}k`;
}
