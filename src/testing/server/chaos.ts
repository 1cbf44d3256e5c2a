/** Chaos on demand (`api.faults.chaos`): a seeded fault mode to run a flow as the network
 * misbehaves; the same seed and requests meet the same faults. @module */
import { Delay, HeaderMap, MAX_DELAY_MS, parseInput } from './control-inputs.ts';
import { seededRandom } from './random.ts';

/** What `api.faults.chaos` takes. Rates are probabilities of one draw, so they sum to at most 1. */
export interface ChaosSpec {
  /** An integer: the same seed, the same faults. */
  seed: number;
  /** Share of requests answered `status` (default 503) without being processed. */
  statusRate?: number;
  /** The status of `statusRate` answers: 429 (a service under load) or 500 to 599. Default 503. */
  status?: number;
  /** Headers of the `statusRate` answers, such as `{ 'retry-after': '1' }`; a 429 without
   * `Retry-After` here is sent `Retry-After: 1`. */
  headers?: Record<string, string>;
  /** Share of requests failing at the network level before being processed. */
  networkErrorRate?: number;
  /** Share of requests processed (writes committed) whose response is then lost. */
  loseResponseRate?: number;
  /** Share of requests processed, then held `timeoutMs` (or until aborted) and lost. */
  timeoutRate?: number;
  /** How long a `timeoutRate` request is held. Default 30000. */
  timeoutMs?: number;
  /** Latency added to every request: a fixed number of ms, or `[min, max]` drawn uniformly. */
  latencyMs?: number | readonly [number, number];
  /** Only requests with this method (any case). Default: every method. */
  method?: string;
  /** Only paths starting with this prefix. Default: every API path. */
  pathPrefix?: string;
}

/** How many requests chaos matched, and how many met each fault. */
export interface ChaosStats {
  /** Requests matched, faulted or not. */
  requests: number;
  /** Answered `status` unprocessed. */
  status: number;
  /** Failed at the network level unprocessed. */
  networkError: number;
  /** Processed, response lost. */
  loseResponse: number;
  /** Processed, held until timed out or aborted. */
  timeout: number;
}

/** The running chaos mode, returned by `api.faults.chaos`. */
export interface Chaos {
  /** The spec it runs. */
  readonly spec: Readonly<ChaosSpec>;
  /** Counts so far. */
  readonly stats: Readonly<ChaosStats>;
  /** Ends the chaos mode (as `api.faults.clear()` does). */
  stop(): void;
}

/** What the core does with one request. */
export interface FaultAction {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
  readonly networkError?: boolean;
  readonly loseResponse?: boolean;
  /** Hold the processed response this long, then lose it (a timeout). */
  readonly holdMs?: number;
}

/** A drawn action and where it came from. */
export interface FaultDraw {
  readonly action: FaultAction;
  readonly source: 'fault' | 'chaos';
}

const RATES = ['statusRate', 'networkErrorRate', 'loseResponseRate', 'timeoutRate'] as const;
const MEMBERS = new Set<string>([
  ...RATES,
  'seed',
  'status',
  'headers',
  'timeoutMs',
  'latencyMs',
  'method',
  'pathPrefix',
]);

/** A timer's range: a longer `setTimeout` would fire at once. */
function isMs(value: unknown): value is number {
  return Delay.safeParse(value).success;
}

/** Throws a TypeError naming the bad member and what it takes. */
export function checkChaosSpec(spec: unknown): asserts spec is ChaosSpec {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new TypeError('faults.chaos takes an object such as { seed: 1, statusRate: 0.1 }');
  }
  const s = spec as Record<string, unknown>;
  for (const name of Object.keys(s)) {
    if (!MEMBERS.has(name)) {
      throw new TypeError(
        `faults.chaos: unknown member ${JSON.stringify(name)}; the members are ${[...MEMBERS].join(', ')}`,
      );
    }
  }
  if (!Number.isSafeInteger(s.seed)) throw new TypeError('faults.chaos: seed must be an integer');
  let sum = 0;
  for (const rate of RATES) {
    const value = s[rate] ?? 0;
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
      throw new TypeError(`faults.chaos: ${rate} must be a probability between 0 and 1`);
    }
    sum += value;
  }
  if (sum > 1) throw new TypeError('faults.chaos: the rates must add up to at most 1');
  const status = s.status as number | undefined;
  if (
    status !== undefined &&
    status !== 429 &&
    !(Number.isInteger(status) && status >= 500 && status <= 599)
  ) {
    throw new TypeError('faults.chaos: status must be 429 or a 5xx status such as 503');
  }
  if (s.headers !== undefined) parseInput(HeaderMap, s.headers, 'faults.chaos.headers');
  if (s.timeoutMs !== undefined && !isMs(s.timeoutMs)) {
    throw new TypeError(
      `faults.chaos: timeoutMs must be a number of milliseconds from 0 to ${MAX_DELAY_MS}`,
    );
  }
  const latency = s.latencyMs;
  const range =
    Array.isArray(latency) &&
    latency.length === 2 &&
    isMs(latency[0]) &&
    isMs(latency[1]) &&
    latency[0] <= latency[1];
  if (latency !== undefined && !isMs(latency) && !range) {
    throw new TypeError(
      `faults.chaos: latencyMs must be milliseconds from 0 to ${MAX_DELAY_MS}, or a [min, max] range of them`,
    );
  }
  if (s.method !== undefined && typeof s.method !== 'string') {
    throw new TypeError('faults.chaos: method must be a string such as POST');
  }
  if (
    s.pathPrefix !== undefined &&
    (typeof s.pathPrefix !== 'string' || !s.pathPrefix.startsWith('/'))
  ) {
    throw new TypeError('faults.chaos: pathPrefix must start with /');
  }
}

/** One server's chaos mode: one draw per matching request. */
export class ChaosMode implements Chaos {
  readonly spec: Readonly<ChaosSpec>;
  readonly stats: ChaosStats = {
    requests: 0,
    status: 0,
    networkError: 0,
    loseResponse: 0,
    timeout: 0,
  };
  readonly #random: () => number;
  readonly #stop: () => void;

  constructor(spec: ChaosSpec, stop: () => void) {
    checkChaosSpec(spec);
    const latency = spec.latencyMs;
    this.spec = Object.freeze({
      ...spec,
      ...(Array.isArray(latency) ? { latencyMs: [latency[0], latency[1]] as const } : {}),
    });
    this.#random = seededRandom(spec.seed);
    this.#stop = stop;
  }

  stop(): void {
    this.#stop();
  }

  draw(method: string, path: string): FaultAction | undefined {
    const { spec } = this;
    if (spec.method !== undefined && spec.method.toUpperCase() !== method) return undefined;
    if (spec.pathPrefix !== undefined && !path.startsWith(spec.pathPrefix)) return undefined;
    this.stats.requests += 1;
    // Two draws per request whatever the outcome, so one fault never shifts the next ones.
    const choice = this.#random();
    const spread = this.#random();
    const latency = spec.latencyMs;
    const delayMs = Array.isArray(latency)
      ? Math.round(latency[0] + spread * (latency[1] - latency[0]))
      : ((latency as number | undefined) ?? 0);
    const base = delayMs > 0 ? { delayMs } : {};
    let edge = spec.statusRate ?? 0;
    if (choice < edge) {
      this.stats.status += 1;
      const status = spec.status ?? 503;
      const limited = status === 429;
      const headers = limited && !hasRetryAfter(spec.headers) ? RETRY_SOON : undefined;
      return {
        ...base,
        status,
        body: {
          detail: `${limited ? 'Too many requests' : 'Service unavailable'} (reference server chaos).`,
        },
        ...(spec.headers || headers ? { headers: { ...headers, ...spec.headers } } : {}),
      };
    }
    edge += spec.networkErrorRate ?? 0;
    if (choice < edge) {
      this.stats.networkError += 1;
      return { ...base, networkError: true };
    }
    edge += spec.loseResponseRate ?? 0;
    if (choice < edge) {
      this.stats.loseResponse += 1;
      return { ...base, loseResponse: true };
    }
    edge += spec.timeoutRate ?? 0;
    if (choice < edge) {
      this.stats.timeout += 1;
      return { ...base, loseResponse: true, holdMs: spec.timeoutMs ?? 30_000 };
    }
    return delayMs > 0 ? base : undefined;
  }
}

/** A 429's wait when the spec names none: the service's rate limits are not shown (spec 8). */
const RETRY_SOON = { 'retry-after': '1' };

function hasRetryAfter(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'retry-after');
}
