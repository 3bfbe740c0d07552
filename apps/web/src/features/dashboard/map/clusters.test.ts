import type { LocationColor } from '@pluvio/shared/rainfall';
import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '../../../lib/map/base-map';
import { buildLocation } from '../../../testing/fixtures';
import {
  buildClusterIndex,
  CLUSTER_MAX_ZOOM,
  clusterDiameter,
  clusterLabel,
  expansionZoom,
  itemsInView,
  type MapItem,
} from './clusters';

const WHOLE_WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Houston sites a few hundred metres apart, and one in Austin. */
function houstonSite(id: number, color24: LocationColor, hourly: LocationColor = 'green') {
  return buildLocation({
    id,
    name: `Houston ${id}`,
    latitude: 29.76 + id * 0.002,
    longitude: -95.37,
    color_24: color24,
    color_hourly: hourly,
  });
}
const austin = buildLocation({
  id: 9,
  name: 'Austin',
  latitude: 30.27,
  longitude: -97.74,
  color_24: 'orange',
});
const locations = [houstonSite(1, 'green'), houstonSite(2, 'orange', 'red'), houstonSite(3, 'green'), austin];

function clusters(items: MapItem[]) {
  return items.filter((item) => item.kind === 'cluster');
}

describe('map clusters', () => {
  it('draws nearby locations as one cluster with their count and worst status', () => {
    const items = itemsInView(buildClusterIndex(locations, 'accum'), WHOLE_WORLD, 8);
    expect(items).toHaveLength(2);
    expect(clusters(items)).toEqual([
      expect.objectContaining({ kind: 'cluster', count: 3, color: 'orange' }),
    ]);
    expect(items).toContainEqual(expect.objectContaining({ kind: 'location', id: 9, color: 'orange' }));
  });

  it("colours by the tab's status: red wins on 'Daily Total' here", () => {
    const items = itemsInView(buildClusterIndex(locations, 'daily'), WHOLE_WORLD, 8);
    expect(clusters(items)).toEqual([expect.objectContaining({ count: 3, color: 'red' })]);
    expect(items).toContainEqual(expect.objectContaining({ id: 9, color: 'green' }));
  });

  it('merges clusters into one whose status is the worst of all members', () => {
    const items = itemsInView(buildClusterIndex(locations, 'accum'), WHOLE_WORLD, 2);
    expect(items).toEqual([expect.objectContaining({ kind: 'cluster', count: 4, color: 'orange' })]);
  });

  it('draws every location on its own past the clustering zoom, and only those in the box', () => {
    const index = buildClusterIndex(locations, 'accum');
    const houstonBox: [number, number, number, number] = [-96, 29, -95, 30];
    const items = itemsInView(index, houstonBox, CLUSTER_MAX_ZOOM + 1);
    expect(items.map((item) => (item.kind === 'location' ? item.id : 'cluster')).sort()).toEqual([1, 2, 3]);
  });

  it('zooms a clicked cluster to where it splits', () => {
    const index = buildClusterIndex(locations, 'accum');
    const [cluster] = clusters(itemsInView(index, WHOLE_WORLD, 8));
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = expansionZoom(index, cluster.clusterId);
    expect(zoom).toBeGreaterThan(8);
    const houstonItems = itemsInView(index, [-96, 29, -95, 30], zoom);
    expect(houstonItems.length).toBeGreaterThan(1);
  });

  it('keeps locations at the very same spot reachable: the expansion zoom stops past the clustering zoom', () => {
    const twins = [buildLocation({ id: 1 }), buildLocation({ id: 2 })];
    const index = buildClusterIndex(twins, 'accum');
    const [cluster] = itemsInView(index, WHOLE_WORLD, 10);
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(expansionZoom(index, cluster.clusterId)).toBe(CLUSTER_MAX_ZOOM + 1);
    expect(itemsInView(index, WHOLE_WORLD, CLUSTER_MAX_ZOOM + 1)).toHaveLength(2);
  });

  it('without map tiles ends clusters one zoom before the outlines-only limit, so every site is reachable', () => {
    const index = buildClusterIndex(locations, 'accum', MAP_MAX_ZOOM.outlines);
    const [cluster] = clusters(itemsInView(index, WHOLE_WORLD, 5));
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(expansionZoom(index, cluster.clusterId)).toBeLessThanOrEqual(MAP_MAX_ZOOM.outlines);
    const houstonBox: [number, number, number, number] = [-96, 29, -95, 30];
    const items = itemsInView(index, houstonBox, MAP_MAX_ZOOM.outlines);
    expect(items.map((item) => (item.kind === 'location' ? item.id : 'cluster')).sort()).toEqual([1, 2, 3]);
  });

  it('grows cluster discs with their count', () => {
    expect(clusterDiameter(2)).toBeLessThan(clusterDiameter(50));
    expect(clusterDiameter(50)).toBeLessThan(clusterDiameter(10_000));
  });

  it('shortens large counts so they fit the disc', () => {
    expect(clusterLabel(999)).toBe('999');
    expect(clusterLabel(1234)).toBe('1.2k');
    expect(clusterLabel(10_000)).toBe('10k');
  });
});
