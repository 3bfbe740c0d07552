import 'leaflet/dist/leaflet.css';
import { roundCoordinate } from '@pluvio/shared/locations';
import L from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIcon2xUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { useAppConfig } from '../lib/app-config';
import { CONTIGUOUS_US, createBaseMap } from '../lib/map/base-map';
import { useResizeFollow, useStateOutlines, useTiles } from '../lib/map/use-base-map';
import { useLatest } from '../lib/use-latest';
import { type MapPoint, type PointPicking, refusalOf } from './map-point';
import classes from './point-picker.module.css';

/**
 * How close the map shows a point: streets over tiles (the dashboard's zoom for one site); with
 * the state outlines alone, close enough to still show a state line or two around it.
 */
const POINT_ZOOM = { tiles: 12, outlines: 6 } as const;

const MARKER_ICON = L.icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIcon2xUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

const describePoint = (point: MapPoint) => `Location point: ${point.latitude}, ${point.longitude}`;

function pointFromLatLng(latLng: L.LatLng): MapPoint {
  const wrapped = latLng.wrap();
  return { latitude: roundCoordinate(wrapped.lat), longitude: roundCoordinate(wrapped.lng) };
}

const samePoint = (a: MapPoint | null, b: MapPoint) =>
  a !== null && a.latitude === b.latitude && a.longitude === b.longitude;

/** The Leaflet map and its one marker. */
interface PinMap {
  map: L.Map;
  marker: L.Marker;
}

type PlaceAt = (latLng: L.LatLng, pinMap: PinMap) => void;

/**
 * The map and its one marker, created once, starting on the point or on the contiguous US; when
 * picking, a click and the end of a marker drag go to `placeAt`.
 */
function usePinMap(
  container: React.RefObject<HTMLElement | null>,
  start: { point: MapPoint | null; zoom: number; picking: boolean },
  placeAt: React.RefObject<PlaceAt>,
): PinMap | null {
  const [created, setCreated] = useState<PinMap | null>(null);
  const startWith = useRef(start);
  useEffect(() => {
    if (!container.current) return;
    const { point, zoom, picking: canPick } = startWith.current;
    const map = createBaseMap(container.current, {
      center: point ? [point.latitude, point.longitude] : L.latLngBounds(CONTIGUOUS_US).getCenter(),
      zoom,
    });
    if (!point) map.fitBounds(CONTIGUOUS_US, { padding: [8, 8] });
    const marker = L.marker([0, 0], {
      icon: MARKER_ICON,
      draggable: canPick,
      keyboard: false,
      autoPan: true,
    });
    const pinMap = { map, marker };
    if (canPick) {
      map.on('click', (event: L.LeafletMouseEvent) => placeAt.current(event.latlng, pinMap));
      marker.on('dragend', () => placeAt.current(marker.getLatLng(), pinMap));
    }
    setCreated(pinMap);
    return () => {
      map.remove();
    };
  }, [container, placeAt]);
  return created;
}

function showMarker(marker: L.Marker, map: L.Map, point: MapPoint | null) {
  if (!point) {
    marker.remove();
    return;
  }
  marker.setLatLng([point.latitude, point.longitude]).addTo(map);
  const element = marker.getElement();
  element?.setAttribute('alt', describePoint(point));
  element?.setAttribute('title', describePoint(point));
}

/** The point picker's map, a chunk of its own with Leaflet: loaded when the user opens it. */
export function PickerMap({
  point,
  picking,
  onRefusal,
}: {
  point: MapPoint | null;
  picking?: PointPicking;
  onRefusal(message: string | null): void;
}) {
  const config = useAppConfig();
  const containerRef = useRef<HTMLElement>(null);
  // The point last placed on the map: the fields echoing it back must not move the view.
  const placed = useRef<MapPoint | null>(null);
  const placeAt = useLatest<PlaceAt>((latLng, { map, marker }) => {
    if (!picking) return;
    const picked = pointFromLatLng(latLng);
    const refusal = refusalOf(picking.coverage, picked);
    onRefusal(refusal);
    if (refusal) {
      // A dragged marker goes back to the fields' point.
      showMarker(marker, map, point);
      return;
    }
    placed.current = picked;
    showMarker(marker, map, picked);
    picking.onPick(picked);
  });
  const tileUrl = config?.map.tile_url ?? null;
  const pointZoom = tileUrl ? POINT_ZOOM.tiles : POINT_ZOOM.outlines;
  const created = usePinMap(
    containerRef,
    { point, zoom: pointZoom, picking: picking !== undefined },
    placeAt,
  );
  const map = created?.map ?? null;
  useStateOutlines(map);
  useTiles(map, tileUrl, config?.map.tile_attribution ?? null);
  useResizeFollow(map);

  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    if (!created) return;
    const target = latitude === undefined || longitude === undefined ? null : { latitude, longitude };
    showMarker(created.marker, created.map, target);
    if (target && !samePoint(placed.current, target)) {
      placed.current = target;
      // At once: typing moves the point with each keystroke, and pans started on each would pile up.
      created.map.setView([target.latitude, target.longitude], Math.max(created.map.getZoom(), pointZoom), {
        animate: false,
      });
    }
  }, [created, latitude, longitude, pointZoom]);

  return (
    <section
      ref={containerRef}
      className={picking ? `${classes.map} ${classes.picking}` : classes.map}
      aria-label={picking ? 'Map to pick the location' : 'Map of the location'}
    />
  );
}
