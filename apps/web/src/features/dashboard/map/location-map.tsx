import 'leaflet/dist/leaflet.css';
import type { LocationSummary } from '@pluvio/shared/location-overview';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAP_MAX_ZOOM } from '../../../lib/map/base-map';
import { useResizeFollow, useStateOutlines, useTiles } from '../../../lib/map/use-base-map';
import { useLatest } from '../../../lib/use-latest';
import type { MapMode, MapView } from '../dashboard-types';
import { colorOf } from '../location-rules';
import { buildClusterIndex, type ClusterIndex } from './clusters';
import classes from './location-map.module.css';
import {
  addYouAreHere,
  applyView,
  createMapLayers,
  drawMarkers,
  type MapLayers,
  showSelection,
} from './map-layers';

export interface LocationMapProps {
  locations: LocationSummary[];
  mode: MapMode;
  selectedId: number | null;
  onSelect(id: number): void;
  view: MapView;
  /** A tile URL template; without one the map shows the state outlines alone. */
  tileUrl: string | null;
  tileAttribution: string | null;
}

/** Creates the Leaflet map once for the container, and removes it on unmount. */
function useMapLayers(container: React.RefObject<HTMLElement | null>): MapLayers | null {
  const [layers, setLayers] = useState<MapLayers | null>(null);
  useEffect(() => {
    if (!container.current) return;
    const created = createMapLayers(container.current);
    setLayers(created);
    return () => {
      created.map.remove();
    };
  }, [container]);
  return layers;
}

/**
 * The markers' cluster index, built after the browser has painted: indexing 10,000 locations
 * takes tens of milliseconds, and the list's answer to a search or filter must reach the screen
 * first. Until the new index is ready the map keeps showing the previous one.
 */
function useClusterIndex(locations: LocationSummary[], mode: MapMode, mapMaxZoom: number) {
  const [index, setIndex] = useState<ClusterIndex | null>(null);
  useEffect(
    () => afterNextPaint(() => setIndex(buildClusterIndex(locations, mode, mapMaxZoom))),
    [locations, mode, mapMaxZoom],
  );
  return index;
}

/** Runs `work` once the browser has painted the current frame; the answer cancels it. */
function afterNextPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** Spec part 1 §8: a denied or unsupported geolocation is only logged. */
function useYouAreHere(layers: MapLayers | null) {
  useEffect(() => {
    if (!layers) return;
    if (!('geolocation' in navigator)) {
      console.debug('Geolocation is not supported');
      return;
    }
    let current = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (current) addYouAreHere(layers.map, position);
      },
      (error) => console.debug('Geolocation unavailable:', error.message),
      { maximumAge: 600_000, timeout: 20_000 },
    );
    return () => {
      current = false;
    };
  }, [layers]);
}

/**
 * The dashboard's map (spec part 1 §2 "Dashboard", §9): locations as canvas circles coloured by
 * the tab's status, clusters with their count and worst status where markers would overlap,
 * US state outlines, the selected location ringed, and 'You Are Here'. It fills its parent,
 * which must give it a height.
 */
export function LocationMap({
  locations,
  mode,
  selectedId,
  onSelect,
  view,
  tileUrl,
  tileAttribution,
}: LocationMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const layers = useMapLayers(containerRef);
  const onSelectLatest = useLatest(onSelect);
  const byId = useMemo(() => new Map(locations.map((location) => [location.id, location])), [locations]);
  const mapMaxZoom = tileUrl ? MAP_MAX_ZOOM.tiles : MAP_MAX_ZOOM.outlines;
  const index = useClusterIndex(locations, mode, mapMaxZoom);

  const map = layers?.map ?? null;
  useStateOutlines(map);
  useTiles(map, tileUrl, tileAttribution);
  useYouAreHere(layers);
  useResizeFollow(map);

  // A view is applied once per key: a data refresh must not move the map under the user. It moves
  // after the paint, so a filter that also resets the zoom shows in the list first.
  const appliedViewKey = useRef<number | null>(null);
  useEffect(() => {
    if (!layers || appliedViewKey.current === view.key) return;
    return afterNextPaint(() => {
      appliedViewKey.current = view.key;
      applyView(layers.map, view, locations, byId);
    });
  });

  useEffect(() => {
    if (!layers || !index) return;
    const handlers = {
      nameOf: (id: number) => byId.get(id)?.name ?? '',
      onSelect: (id: number) => onSelectLatest.current(id),
    };
    const redraw = () => {
      const drawn = drawMarkers(layers, index, handlers);
      layers.map.getContainer().dataset.markerCount = String(drawn);
    };
    redraw();
    // A zoom ends with a move too, so moveend alone covers both.
    layers.map.on('moveend', redraw);
    return () => {
      layers.map.off('moveend', redraw);
    };
  }, [layers, index, byId, onSelectLatest]);

  useEffect(() => {
    if (!layers) return;
    const selected = selectedId === null ? undefined : byId.get(selectedId);
    showSelection(layers, selected, selected ? colorOf(selected, mode) : 'green');
  }, [layers, byId, selectedId, mode]);

  return (
    <section
      ref={containerRef}
      className={classes.map}
      data-testid="location-map"
      aria-label="Map of locations"
    />
  );
}
