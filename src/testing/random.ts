/**
 * A small seeded generator (mulberry32) of numbers in [0, 1): the same seed gives the same
 * sequence. The delivery simulator's chaos (`duplicate`, `reorder`) and the property and fuzz
 * tests draw from it, so a failing seed replays. Not part of the package's surface.
 *
 * @module
 */

/** A generator of numbers in [0, 1), repeatable from `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
