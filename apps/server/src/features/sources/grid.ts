import type { LatLonGrid, Point } from './sources';

/** The MRMS CONUS grid: 0.01 degree, 7000 x 3500 cells, first centre at 54.995 N, 129.995 W. */
export const MRMS_CONUS_GRID: LatLonGrid = {
  north: 54.995,
  west: -129.995,
  step: 0.01,
  columns: 7000,
  rows: 3500,
};

export interface GridCell {
  row: number;
  column: number;
  /** The cell's centre. */
  latitude: number;
  longitude: number;
}

/**
 * The cell that holds a point (the nearest centre), or null off the grid. Cell `row * columns +
 * column` in a field's values, scanning mode 0 (../shared/fixtures/README.md).
 */
export function cellAt(grid: LatLonGrid, point: Point): GridCell | null {
  const column = Math.floor((point.longitude - grid.west) / grid.step + 0.5);
  const row = Math.floor((grid.north - point.latitude) / grid.step + 0.5);
  if (!(column >= 0 && column < grid.columns && row >= 0 && row < grid.rows)) return null;
  return { row, column, latitude: grid.north - row * grid.step, longitude: grid.west + column * grid.step };
}
