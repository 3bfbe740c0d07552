import type L from 'leaflet';
import { useEffect } from 'react';
import { addStateOutlines, addTiles, limitZoom, MAP_MAX_ZOOM } from './base-map';

/** Draws the US state outlines once the map exists (a lazy chunk). */
export function useStateOutlines(map: L.Map | null) {
  useEffect(() => {
    if (!map) return;
    let current = true;
    addStateOutlines(map, () => current).catch((error: unknown) =>
      console.debug('State outlines not drawn', error),
    );
    return () => {
      current = false;
    };
  }, [map]);
}

/** The base map's tiles; without them the map stops zooming where the state outlines stop telling. */
export function useTiles(map: L.Map | null, url: string | null, attribution: string | null) {
  useEffect(() => {
    if (!map) return;
    limitZoom(map, url ? MAP_MAX_ZOOM.tiles : MAP_MAX_ZOOM.outlines);
    if (!url) return;
    const tiles = addTiles(map, url, attribution);
    return () => {
      tiles.remove();
    };
  }, [map, url, attribution]);
}

/** Leaflet measures its container once; a layout change needs a new measure. */
export function useResizeFollow(map: L.Map | null) {
  useEffect(() => {
    if (!map) return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
}
