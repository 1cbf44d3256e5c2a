/**
 * The knobs of the reliability suites. `npm test` runs every suite with a fixed seed and a
 * fixed size, so a failure there is reproducible by rerunning; the environment switches to a
 * random seed (printed) or a given one, and to more iterations:
 *
 * | suite | seed | size |
 * |---|---|---|
 * | properties (CPF, schemas) | `PROPERTY_SEED` | `PROPERTY_RUNS` (runs per property) |
 * | fuzzing the reference server | `FUZZ_SEED` | `FUZZ_RUNS` (requests) |
 * | chaos through the client | `CHAOS_SEED` | `CHAOS_CREATES` (logical creates) |
 *
 * A seed is an integer, or `random` for a new one each run. Every failure names the seed and
 * size that reproduce it.
 */
import { onTestFailed } from 'vitest';

/** The seed and size one suite runs with. */
export interface RunSettings {
  /** The seed every random choice of the suite derives from (a 32-bit integer). */
  readonly seed: number;
  /** How many runs, requests or creates. */
  readonly runs: number;
  /** Whether the seed was drawn at random for this run. */
  readonly random: boolean;
  /** The environment variable of the seed. */
  readonly seedVar: string;
  /** The environment variable of the size. */
  readonly runsVar: string;
  /**
   * Whether to print a summary of the run: when the seed or size came from the environment,
   * or `RELIABILITY_VERBOSE=1`.
   */
  readonly verbose: boolean;
}

function readInteger(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) {
    throw new Error(`${name} must be an integer (or "random" for a seed); got ${raw}`);
  }
  return Number(raw);
}

/**
 * Reads the seed and size of one suite from the environment, with the fixed defaults of
 * `npm test`. A random seed is printed at once, so that a run that hangs can be reproduced too.
 */
export function runSettings(
  seedVar: string,
  runsVar: string,
  defaults: { seed: number; runs: number },
): RunSettings {
  const rawSeed = process.env[seedVar]?.trim();
  const rawRuns = process.env[runsVar]?.trim();
  let seed = defaults.seed;
  let random = false;
  if (rawSeed === 'random') {
    // A 32-bit integer, the seed type of fast-check.
    seed = Math.floor(Math.random() * 2 ** 32) | 0;
    random = true;
  } else if (rawSeed) {
    seed = readInteger(seedVar, rawSeed) | 0;
  }
  let runs = defaults.runs;
  if (rawRuns) {
    runs = readInteger(runsVar, rawRuns);
    if (runs < 1) throw new Error(`${runsVar} must be at least 1; got ${rawRuns}`);
  }
  const verbose = Boolean(rawSeed || rawRuns || process.env.RELIABILITY_VERBOSE);
  const settings = { seed, runs, random, seedVar, runsVar, verbose };
  if (verbose) {
    console.info(`[reliability] ${describeSettings(settings)}${random ? ' (random seed)' : ''}`);
  }
  return settings;
}

/** `FUZZ_SEED=… FUZZ_RUNS=…`: the environment that reproduces a run. */
export function describeSettings(settings: RunSettings): string {
  return `${settings.seedVar}=${settings.seed} ${settings.runsVar}=${settings.runs}`;
}

/**
 * Prints, when the current test fails, the command that reruns it with the same seed and size.
 * Call it inside the test.
 */
export function printReproductionOnFailure(settings: RunSettings, file: string): void {
  onTestFailed(() => {
    console.error(
      `[reliability] reproduce with: ${describeSettings(settings)} npx vitest run ${file}`,
    );
  });
}

/**
 * mulberry32: the seeded generator of `src/testing/server/random.ts`. Used where a choice depends on
 * state that fast-check cannot see (which ids exist by now), so that one seed still fixes
 * the whole run.
 */
export { seededRandom as mulberry32 } from '../../src/testing/server/random.ts';
