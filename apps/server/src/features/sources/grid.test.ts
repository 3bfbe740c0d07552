import { describe, expect, it } from 'vitest';
import { cellAt, MRMS_CONUS_GRID } from './grid';

describe('the MRMS CONUS grid', () => {
  it('finds the cell that holds a point, as NOAA numbers them', () => {
    const cases = [
      // The wettest cell of the real 2022-06-02 12:00 Pass 2 file (../shared/fixtures/README.md).
      { point: { latitude: 33.155, longitude: -92.285 }, cell: { row: 2184, column: 3771 } },
      // A point off the centre of that cell: the same cell, with its centre's coordinates.
      {
        point: { latitude: 33.1591, longitude: -92.2812 },
        cell: { row: 2184, column: 3771, latitude: 33.155, longitude: -92.285 },
      },
      // The north-west and south-east corners.
      { point: { latitude: 54.999, longitude: -129.999 }, cell: { row: 0, column: 0 } },
      { point: { latitude: 20.001, longitude: -60.001 }, cell: { row: 3499, column: 6999 } },
    ];
    for (const { point, cell } of cases) expect(cellAt(MRMS_CONUS_GRID, point)).toMatchObject(cell);
  });

  it('has no cell beyond its edges', () => {
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 55.01, longitude: -100 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 19.99, longitude: -100 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 40, longitude: -130.01 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 40, longitude: -59.99 })).toBeNull();
  });
});
