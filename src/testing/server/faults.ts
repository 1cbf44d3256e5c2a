/**
 * Fault injection: make the next matching requests answer a given status, wait, fail at the
 * network level, or commit and then lose their response (`api.faults`).
 *
 * @module
 */
import { brandErrors } from '../../internal/brand.ts';
import { type Chaos, ChaosMode, type ChaosSpec, type FaultAction } from './chaos.ts';
import { FaultInput, parseInput } from './control-inputs.ts';

/** What `api.faults.inject` takes. Every member is optional; `{}` matches the next request. */
export interface FaultSpec {
  /** HTTP method to match (any case). Default: any. */
  method?: string;
  /**
   * URL path to match, as sent (`/api/public/v1/rooms`); a segment `:id` matches any one
   * segment (`/api/public/v1/appointments/:id/cancel`). Default: any.
   */
  path?: string;
  /** How many matching requests the fault acts on. Default 1; `Infinity` for all. */
  times?: number;
  /** Answer with this status instead of processing the request (state is not touched). */
  status?: number;
  /**
   * Body of the `status` answer: an object or array is sent as JSON, a string as is.
   * Default: no body.
   */
  body?: unknown;
  /** Headers of the `status` answer (for example `{ 'retry-after': '2' }`). */
  headers?: Record<string, string>;
  /**
   * Wait this many milliseconds (a real `setTimeout`, so fake timers can drive it) before
   * answering; combines with every other member. The request's `AbortSignal` cuts it short.
   */
  delayMs?: number;
  /** Fail without processing: `api.fetch` rejects with a `TypeError`, as `fetch` does. */
  networkError?: boolean;
  /**
   * Process the request (the write is committed, events are emitted) and then fail at the
   * network level, as when a connection drops before the response arrives: the case
   * Idempotency-Key exists for.
   */
  loseResponse?: boolean;
}

/** An injected fault, returned by `api.faults.inject`. */
export interface Fault {
  /** What it does. */
  readonly spec: Readonly<FaultSpec>;
  /** How many more requests it will act on. */
  readonly remaining: number;
  /** How many requests it has acted on. */
  readonly hits: number;
  /** Removes it before it is used up. */
  remove(): void;
}

/** `api.faults`. */
export interface FaultInjector {
  /**
   * Acts on the next `times` (default 1) requests that match `method` and `path`.
   *
   * @throws TypeError naming the member, for an unknown member, a value of the wrong type or
   *   out of range, or `status` mixed with `networkError` or `loseResponse` (or those two
   *   mixed).
   * @example
   * ```ts
   * api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', loseResponse: true });
   * api.faults.inject({ path: '/api/public/v1/rooms', status: 503, times: 2 });
   * ```
   */
  inject(spec: FaultSpec): Fault;
  /**
   * Starts a seeded, probabilistic fault mode on every request no injected fault matches
   * (replacing a running one): a share of requests answered 503, lost, timed out, slowed. The
   * same seed and the same requests meet the same faults. See "Run your booking flow under
   * chaos" in the testing guide, and `checkInvariants` for what to check afterwards.
   *
   * @throws TypeError for an unknown member, a rate outside [0, 1], rates adding up to more
   *   than 1, or a bad `seed`, `status`, `timeoutMs` or `latencyMs`.
   * @example
   * ```ts
   * api.faults.chaos({ seed: 7, statusRate: 0.1, loseResponseRate: 0.05, timeoutRate: 0.02,
   *   timeoutMs: 2_000, latencyMs: [0, 20] });
   * ```
   */
  chaos(spec: ChaosSpec): Chaos;
  /** The running chaos mode, if any. */
  readonly chaosMode: Chaos | undefined;
  /** Removes every fault and ends the chaos mode. */
  clear(): void;
  /** The faults not used up yet, in the order they were injected. */
  readonly pending: readonly Fault[];
}

/**
 * The error `api.fetch` rejects with for `networkError` and `loseResponse` faults: a
 * `TypeError` with message `fetch failed`, as Node's `fetch` throws when a connection fails.
 * The MSW handlers answer it with `HttpResponse.error()`; the node:http adapter destroys the
 * socket.
 */
export class ReferenceNetworkError extends TypeError {
  /**
   * `'TypeError'`, the name of the error Node's `fetch` throws when a connection fails, so code
   * that checks the name treats it as a network failure. Tell it apart from a real one with
   * `instanceof` or {@link isReferenceNetworkError}.
   */
  override name = 'TypeError';
  /** Which fault caused it. */
  readonly fault: 'networkError' | 'loseResponse';

  constructor(fault: 'networkError' | 'loseResponse') {
    super('fetch failed', {
      cause: new Error(
        fault === 'loseResponse'
          ? 'reference server: the request was processed and its response lost (injected fault)'
          : 'reference server: network error (injected fault)',
      ),
    });
    this.fault = fault;
  }
}
brandErrors({ ReferenceNetworkError });

/** Whether `error` is the network error of an injected fault. */
export function isReferenceNetworkError(error: unknown): error is ReferenceNetworkError {
  return error instanceof ReferenceNetworkError;
}

class ActiveFault implements Fault {
  readonly spec: Readonly<FaultSpec>;
  remaining: number;
  hits = 0;
  readonly #method: string | undefined;
  readonly #segments: string[] | undefined;
  readonly #owner: FaultRegistry;

  constructor(spec: FaultSpec, owner: FaultRegistry) {
    this.spec = Object.freeze({ ...spec });
    this.remaining = spec.times ?? 1;
    this.#method = spec.method?.toUpperCase();
    this.#segments = spec.path === undefined ? undefined : spec.path.split('/');
    this.#owner = owner;
  }

  matches(method: string, path: string): boolean {
    if (this.#method !== undefined && this.#method !== method) return false;
    if (this.#segments === undefined) return true;
    const segments = path.split('/');
    if (segments.length !== this.#segments.length) return false;
    return this.#segments.every((s, i) => s === ':id' || s === segments[i]);
  }

  remove(): void {
    this.#owner.remove(this);
  }
}

function check(spec: FaultSpec): void {
  if (!spec || typeof spec !== 'object') throw new TypeError('faults.inject takes an object');
  parseInput(FaultInput, spec, 'faults.inject');
}

/** The faults of one server. */
export class FaultRegistry implements FaultInjector {
  #faults: ActiveFault[] = [];
  #chaos: ChaosMode | undefined;

  chaos(spec: ChaosSpec): Chaos {
    const mode: ChaosMode = new ChaosMode(spec, () => {
      if (this.#chaos === mode) this.#chaos = undefined;
    });
    this.#chaos = mode;
    return mode;
  }

  get chaosMode(): Chaos | undefined {
    return this.#chaos;
  }

  inject(spec: FaultSpec): Fault {
    check(spec);
    const fault = new ActiveFault(spec, this);
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    for (const fault of this.#faults) fault.remaining = 0;
    this.#faults = [];
    this.#chaos = undefined;
  }

  get pending(): readonly Fault[] {
    return [...this.#faults];
  }

  /** Drops one fault (used by `Fault.remove()`). */
  remove(fault: ActiveFault): void {
    fault.remaining = 0;
    this.#faults = this.#faults.filter((f) => f !== fault);
  }

  /**
   * Uses up one turn of the first fault that matches and returns what it does; else what the
   * chaos mode draws, if one runs.
   */
  take(method: string, path: string): FaultAction | undefined {
    const fault = this.#faults.find((f) => f.matches(method, path));
    if (!fault) return this.#chaos?.draw(method, path);
    fault.remaining -= 1;
    fault.hits += 1;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return fault.spec;
  }
}

/** The answer of a `status` fault. */
export function faultResponse(spec: FaultAction): Response {
  const headers = new Headers(spec.headers);
  let body: string | null = null;
  if (typeof spec.body === 'string') body = spec.body;
  else if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const status = spec.status ?? 200;
  // 204 and 205 cannot carry a body.
  return new Response(status === 204 || status === 205 ? null : body, { status, headers });
}

/** Waits `ms` on a real timer; rejects with the signal's reason when it aborts first. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
