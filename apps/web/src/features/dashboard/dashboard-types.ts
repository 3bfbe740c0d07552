/** The dashboard's two map tabs: 'Daily Total' colours by `color_hourly`, '24 Hr Accum' by `color_24`. */
export type MapMode = 'daily' | 'accum';

/** 'Sort Location By' (spec part 1 §4): green is All; choosing the active one again goes back to All. */
export type LocationFilter = 'green' | 'zero' | 'orange' | 'red';

/**
 * What the map should show. `key` changes on every request, so asking for the same view twice
 * (the map-reset icon pressed again) moves the map again.
 */
export type MapView =
  | { kind: 'fit'; key: number }
  | { kind: 'overview'; zoom: number; key: number }
  | { kind: 'focus'; locationId: number; zoom: number; key: number };

/** A view to show, before the page numbers it. */
export type MapViewRequest = MapView extends infer View
  ? View extends MapView
    ? Omit<View, 'key'>
    : never
  : never;
