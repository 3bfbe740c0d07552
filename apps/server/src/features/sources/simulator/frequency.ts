import type { Atlas14Threshold } from '@pluvio/shared/locations';
import type { FrequencySource, Point } from '../sources';
import { climateAt, inConus } from './climate';

/**
 * Depth at each recurrence interval (1, 2, 5 ... 1000 years) over the 1-year depth, from NOAA
 * Atlas 14 volume 9 at Peachtree City, Georgia (60-min and 24-hr rows). Elsewhere the curve is
 * raised to the local growth exponent, which keeps it strictly increasing.
 */
const GROWTH_1H = [1, 1.154, 1.412, 1.64, 1.963, 2.228, 2.5, 2.794, 3.191, 3.507];
const GROWTH_24H = [1, 1.139, 1.383, 1.596, 1.911, 2.169, 2.439, 2.73, 3.145, 3.442];

/** Three significant digits, as NOAA publishes them. */
function published(depth: number): number {
  const scale = 10 ** (2 - Math.floor(Math.log10(depth)));
  return Math.round(depth * scale) / scale;
}

/** The simulated Atlas 14 depths at a point, or null outside the contiguous US. */
export function simulatedDepths(point: Point): Atlas14Threshold | null {
  if (!inConus(point)) return null;
  const { depth1h, depth24h, growth } = climateAt(point.latitude, point.longitude);
  return {
    '1h': GROWTH_1H.map((ratio) => published(depth1h * ratio ** growth)),
    '24h': GROWTH_24H.map((ratio) => published(depth24h * ratio ** growth)),
  };
}

export function createSimulatedFrequencySource(): FrequencySource {
  return {
    name: 'simulator',
    remote: false,
    depthsAt: async (point) => simulatedDepths(point),
  };
}
