import type { IntervalKey } from '../features/rainfall/intervals';
import type { Point, PrecipitationField, PrecipitationSource } from '../features/sources/sources';

type Script = (key: IntervalKey, point: Point) => number | null;

/**
 * A precipitation source for tests: amounts come from a script, and any field can be made to
 * fail, to be unpublished, or to wait until the test releases it.
 */
export function scriptedSource(script: Script) {
  const failing = new Map<string, string>();
  const unpublished = new Set<string>();
  const held = new Map<string, Promise<void>>();
  const id = (key: IntervalKey) => `${key.product} ${key.endsAt.toISOString()} ${key.pass}`;

  const source: PrecipitationSource = {
    name: 'scripted',
    async field(product, endsAt, pass) {
      const key = { product, endsAt, pass };
      await held.get(id(key));
      const error = failing.get(id(key));
      if (error) throw new Error(error);
      if (unpublished.has(id(key))) return null;
      const field: PrecipitationField = {
        product,
        pass,
        endsAt,
        grid: { north: 50, west: -125, step: 0.01, columns: 6000, rows: 2600 },
        sample: (points) => points.map((point) => script(key, point)),
      };
      return field;
    },
  };

  return {
    source,
    fail(key: IntervalKey, message: string) {
      failing.set(id(key), message);
    },
    unpublish(key: IntervalKey) {
      unpublished.add(id(key));
    },
    /** Makes the field wait until the returned function is called. */
    hold(key: IntervalKey): () => void {
      let release = () => {};
      held.set(id(key), new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
    /** Every field is served normally again. */
    recover() {
      failing.clear();
      unpublished.clear();
      held.clear();
    },
  };
}
