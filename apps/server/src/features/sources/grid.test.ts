import { describe, expect, it } from 'vitest';
import { cellAt, MRMS_CONUS_GRID } from './grid';

describe('the MRMS CONUS grid', () => {
  it('finds the cell that holds a point, as NOAA numbers them', () => {
    // The wettest cell of the real 2022-06-02 12:00 Pass 2 file (../shared/fixtures/README.md).
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 33.155, longitude: -92.285 })).toMatchObject({
      row: 2184,
      column: 3771,
    });
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 33.1591, longitude: -92.2812 })).toMatchObject({
      row: 2184,
      column: 3771,
      latitude: 33.155,
      longitude: -92.285,
    });
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 54.999, longitude: -129.999 })).toMatchObject({
      row: 0,
      column: 0,
    });
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 20.001, longitude: -60.001 })).toMatchObject({
      row: 3499,
      column: 6999,
    });
  });

  it('has no cell beyond its edges', () => {
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 55.01, longitude: -100 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 19.99, longitude: -100 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 40, longitude: -130.01 })).toBeNull();
    expect(cellAt(MRMS_CONUS_GRID, { latitude: 40, longitude: -59.99 })).toBeNull();
  });
});
