/** Fault injection (`api.faults`): answer a status, wait, fail, or lose a response. @module */
import { isInstanceAcrossCopies } from '../../core/errors/index.ts';
import {
  type Chaos,
  ChaosMode,
  type ChaosSpec,
  type FaultAction,
  type FaultDraw,
} from './chaos.ts';
import { FaultInput, parseInput } from './control-inputs.ts';

/** What `api.faults.inject` takes. Every member is optional; `{}` matches the next request. */
export interface FaultSpec {
  /** HTTP method to match (any case). Default: any. */
  method?: string;
  /** URL path to match, as sent; a segment `:id` matches any one segment. Default: any. */
  path?: string;
  /** How many matching requests the fault acts on. Default 1; `Infinity` for all. */
  times?: number;
  /** Answer with this status instead of processing the request (state is not touched). */
  status?: number;
  /** Body of the `status` answer: an object or array as JSON, a string as is. Default: none. */
  body?: unknown;
  /** Headers of the `status` answer (for example `{ 'retry-after': '2' }`). */
  headers?: Record<string, string>;
  /** Wait this many ms (real `setTimeout`; the request's signal cuts it short) before answering. */
  delayMs?: number;
  /** Fail without processing: `api.fetch` rejects with a `TypeError`, as `fetch` does. */
  networkError?: boolean;
  /** Commit the request, then fail at the network level (what Idempotency-Key is for). */
  loseResponse?: boolean;
}

/** An injected fault, returned by `api.faults.inject`. */
export interface Fault {
  /** `flt_1`, `flt_2`, ...: what `DELETE /__control/faults/{id}` names (restart on `clear()`). */
  readonly id: string;
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
   * @throws TypeError naming a bad member, or for `status`, `networkError`, `loseResponse` mixed.
   */
  inject(spec: FaultSpec): Fault;
  /**
   * Starts (or replaces) a seeded fault mode on requests no fault matches; same seed, same faults.
   * @throws TypeError for an unknown member, a bad rate or rates summing over 1, or a bad value.
   */
  chaos(spec: ChaosSpec): Chaos;
  /** The running chaos mode, if any. */
  readonly chaosMode: Chaos | undefined;
  /** Removes every fault and ends the chaos mode; fault ids start again at `flt_1`. */
  clear(): void;
  /** The faults not used up yet, in the order they were injected. */
  readonly pending: readonly Fault[];
}

const NETWORK_FAULT = Symbol.for('@clinic-scheduling/sdk/reference-network-error');

/**
 * What `api.fetch` rejects with for `networkError`/`loseResponse` faults: a `TypeError('fetch
 * failed')` as Node's `fetch` throws; MSW answers `HttpResponse.error()`, node:http hangs up.
 */
export class ReferenceNetworkError extends TypeError {
  static override readonly name: string = 'ReferenceNetworkError';
  /** `'TypeError'`, as Node's `fetch` names it; tell apart by {@link isReferenceNetworkError}. */

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

  /** `instanceof` holds across the ESM and CommonJS builds, as for the SDK's errors. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class `instanceof` asks about, a subclass too.
    return isInstanceAcrossCopies(this, value, NETWORK_FAULT);
  }

  static {
    Object.defineProperty(ReferenceNetworkError.prototype, NETWORK_FAULT, { value: true });
  }
}

/** Whether `error` is the network error of an injected fault. */
export function isReferenceNetworkError(error: unknown): error is ReferenceNetworkError {
  return error instanceof ReferenceNetworkError;
}

class ActiveFault implements Fault {
  readonly id: string;
  readonly spec: Readonly<FaultSpec>;
  remaining: number;
  hits = 0;
  readonly #method: string | undefined;
  readonly #segments: string[] | undefined;
  readonly #owner: FaultRegistry;

  constructor(id: string, spec: FaultSpec, owner: FaultRegistry) {
    this.id = id;
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
  #seq = 0;

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
    this.#seq += 1;
    const fault = new ActiveFault(`flt_${this.#seq}`, spec, this);
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    for (const fault of this.#faults) fault.remaining = 0;
    this.#faults = [];
    this.#chaos = undefined;
    this.#seq = 0;
  }

  get pending(): readonly Fault[] {
    return [...this.#faults];
  }

  /** Drops one fault (used by `Fault.remove()`). */
  remove(fault: ActiveFault): void {
    fault.remaining = 0;
    this.#faults = this.#faults.filter((f) => f !== fault);
  }

  /** Uses up one turn of the first matching fault; else what the chaos mode draws, if one runs. */

  take(method: string, path: string): FaultDraw | undefined {
    const fault = this.#faults.find((f) => f.matches(method, path));
    if (!fault) {
      const action = this.#chaos?.draw(method, path);
      return action && { action, source: 'chaos' };
    }
    fault.remaining -= 1;
    fault.hits += 1;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return { action: fault.spec, source: 'fault' };
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
