/**
 * Small pure helpers shared by the client and the reference server.
 *
 * @module
 */
import { APIUserAbortError, ConfigurationError } from './errors.ts';

/** The path every endpoint of the API lives under (spec 9). */
export const API_PREFIX = '/api/public/v1';

/**
 * Whether a `Content-Type` names JSON: `application/json` or any `application/<x>+json`, with
 * or without parameters, in any case.
 */
export function isJsonContentType(value: string): boolean {
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Waits `ms` milliseconds; rejects with {@link APIUserAbortError} at once if `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new APIUserAbortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Reads an environment variable in Node, Bun or Deno; `undefined` elsewhere or when unset. */
export function readEnv(name: string): string | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get?: (name: string) => string | undefined } };
  };
  try {
    const value = g.process?.env?.[name] ?? g.Deno?.env?.get?.(name);
    return value === '' ? undefined : value;
  } catch {
    return undefined; // Deno without --allow-env
  }
}

/** `Object.prototype.toString`-safe check for a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Describes the runtime for the `User-Agent` header, e.g. `node/24.1.0`. */
export function runtimeName(): string {
  const g = globalThis as {
    process?: { versions?: Record<string, string | undefined> };
    Deno?: { version?: { deno?: string } };
    Bun?: { version?: string };
    navigator?: { userAgent?: string };
  };
  if (g.Bun?.version) return `bun/${g.Bun.version}`;
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  return 'unknown-runtime';
}

/**
 * Checks a numeric option (`timeout`, `maxRetries`) of the client or of one call.
 *
 * @throws {@link ConfigurationError} when `value` is not a finite number from `min` to `max`
 *   (a whole number when `integer`).
 */
export function checkNumber(
  name: string,
  value: unknown,
  min: number,
  max: number,
  integer = false,
): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ConfigurationError(
      `${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}; got ${String(value)}.`,
    );
  }
  return value;
}
