/**
 * Deterministic randomness for the simulator: integer hashes of (seed, coordinates), a small
 * seeded generator for the storms of one time window, and value noise. No state survives a call,
 * so any interval can be computed on its own.
 */

/** FNV-1a of a text: turns the SIMULATOR_SEED setting into 32 bits. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Murmur3's finaliser: spreads every input bit over the output. */
function finalise(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a seed and up to three integers. */
export function hashInts(seed: number, a: number, b = 0, c = 0): number {
  let h = finalise(seed ^ 0x9e3779b9);
  h = finalise(h ^ Math.imul(a | 0, 0x27d4eb2f));
  h = finalise(h ^ Math.imul(b | 0, 0x165667b1));
  return finalise(h ^ Math.imul(c | 0, 0x61c88647));
}

/** The hash as a number in [0, 1). */
function hashUnit(seed: number, a: number, b = 0, c = 0): number {
  return hashInts(seed, a, b, c) / 4294967296;
}

/** Mulberry32: a tiny generator for drawing the storms of one window from one hash. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A Poisson count with the given mean (Knuth; the simulator's means are small). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count++;
      product *= this.next();
    }
    return count;
  }
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Value noise in [0, 1): hashed lattice values, smoothly interpolated; one unit per lattice cell. */
export function valueNoise(seed: number, x: number, y: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = smooth(x - ix);
  const fy = smooth(y - iy);
  const northWest = hashUnit(seed, ix, iy);
  const northEast = hashUnit(seed, ix + 1, iy);
  const southWest = hashUnit(seed, ix, iy + 1);
  const southEast = hashUnit(seed, ix + 1, iy + 1);
  const top = northWest + fx * (northEast - northWest);
  const bottom = southWest + fx * (southEast - southWest);
  return top + fy * (bottom - top);
}
