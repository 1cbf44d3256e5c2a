/** Small pure helpers shared by the client, the webhook handler and the reference server. @module */
import { ConfigurationError } from '../core/errors/index.ts';

/** Whether a `Content-Type` is `application/json` or `application/<x>+json`, in any case. */
export function isJsonContentType(value: string): boolean {
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
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

/** Whether `value` is an object and not an array: what a parsed JSON object is. */
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

/** Checks a numeric option (`timeout`, `maxRetries`): a `ConfigurationError` outside `min`..`max`. */
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
