/**
 * One client's side of the request path, made once: its ky instance (headers, key, timeout,
 * retry policy), what observes its calls, how it reads answers. A call (call.ts) passes ky only
 * what is its own. @module
 */
import ky, { type KyInstance, type RetryOptions, replaceOption } from 'ky';
import type * as z from 'zod';
import { ValidationError } from '../core/errors/index.ts';
import type { Hooks, OpenTelemetryApi } from '../core/hooks.ts';
import type { Logger, LogTrace } from '../core/logger.ts';
import { type Checked, hasRequiredMembers, ResponseReader } from '../core/response-check.ts';
import type { OperationRow, RetryPolicy } from '../operations.ts';
import { issuesToFields } from '../schemas/errors.ts';
import type { Answer } from './attempt.ts';
import { givenHeaders, withUserAgent } from './headers.ts';
import { Telemetry } from './observe.ts';
import { Redactor } from './redact.ts';
import { retryOptions } from './retry.ts';
import { API_PREFIX, templateOf } from './wire.ts';

/** A 2xx answer, its body read: parsed (see `parseBody`), its size, the path and URL sent. */
export interface RawResponse extends Answer {
  body: unknown;
  idempotencyKey: string | undefined;
  replayed: boolean;
  method: string;
  path: string;
  url: string;
  /** The call's trace, for the lines its check writes (a new enum value or member). */
  trace: LogTrace | undefined;
}

/** What the request path needs from the client, its options checked. */
export interface PathConfig {
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  maxResponseBytes: number;
  fetch: typeof fetch | undefined;
  headers: Record<string, string> | undefined;
  logger: Logger;
  /** Whether `info` (retry lines) and `debug` (attempt lines) are wanted. */
  info: boolean;
  debug: boolean;
  userAgent: string;
  hooks: Hooks | undefined;
  /** The `@opentelemetry/api` module, when spans and metrics are wanted. */
  openTelemetry: OpenTelemetryApi | undefined;
  propagateBaggage: boolean | undefined;
  validateResponses: unknown;
  onDrift: unknown;
}

/** What an observed request hands its `beforeRetry` hook, through ky's `context`. */
export type RetryContext = {
  /** ky waited after a failed attempt (`error`) and is about to send retry `retry`. */
  retrying: (error: unknown, retry: number) => void;
};

/** @internal One client's request path. The key lives in its ky instances' headers only. */
export class RequestPath {
  readonly config: PathConfig;
  readonly apiRoot: URL;
  readonly redactor: Redactor;
  /** How 2xx bodies are checked, and drift reported. */
  readonly reader: ResponseReader;
  /** The client's ky instance, and the same with a `beforeRetry` hook for an observed call. */
  readonly ky: KyInstance;
  readonly kyObserved: KyInstance;
  /** What the client's calls report to, when anything listens; else, for a call's own hooks. */
  readonly telemetry: Telemetry | undefined;
  readonly #forOwnHooks: Telemetry;
  /** ky's `retry` for a `rate-limit-only` row at the client's limit (`safe` is the instance's). */
  readonly #rateLimitOnly: RetryOptions;
  /** The client's `User-Agent`: the SDK's product token, after the client's own, if given. */
  readonly userAgent: string;

  /** @throws {@link ConfigurationError} for a header of `config.headers` that cannot be sent. */
  constructor(apiKey: string, config: PathConfig) {
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
    const { headers } = givenHeaders(config.headers, 'headers');
    this.userAgent = withUserAgent(headers, config.userAgent);
    const redactor = new Redactor(apiKey);
    this.redactor = redactor;
    const { hooks, openTelemetry, logger } = config;
    const telemetry = (forHooks: Hooks | undefined, otel: OpenTelemetryApi | undefined) =>
      new Telemetry({
        logger,
        debug: config.debug,
        hooks: forHooks,
        otel,
        baggage: config.propagateBaggage === true,
        redact: redactor.text,
      });
    this.telemetry =
      hooks || openTelemetry || config.info ? telemetry(hooks, openTelemetry) : undefined;
    this.#forOwnHooks = this.telemetry ?? telemetry(undefined, undefined);
    const listening = this.telemetry;
    this.reader = new ResponseReader(
      config.validateResponses,
      logger,
      config.onDrift,
      listening?.metrics && ((drift) => listening.drift(drift)),
    );
    this.#rateLimitOnly = replaceOption(retryOptions('rate-limit-only', config.maxRetries));
    // No `prefix`: ky would trim it and the path with a regular expression each, on every call;
    // a call joins the API root and its path instead.
    this.ky = ky.create({
      headers: { accept: 'application/json', ...headers, authorization: `Bearer ${apiKey}` },
      timeout: config.timeout,
      retry: retryOptions('safe', config.maxRetries),
    });
    this.kyObserved = this.ky.extend({
      hooks: {
        beforeRetry: [
          ({ options, error, retryCount }) =>
            (options.context as RetryContext).retrying(error, retryCount),
        ],
      },
    });
  }

  /** The `fetch` attempts use, looked up each time (MSW may be started after the client). */
  fetch(): typeof fetch {
    return this.config.fetch ?? globalThis.fetch;
  }

  /** ky's `retry` for a request of `policy` within `limit` retries, when not the instance's. */
  retryFor(policy: RetryPolicy, limit: number): RetryOptions | undefined {
    if (limit !== this.config.maxRetries) return replaceOption(retryOptions(policy, limit));
    return policy === 'safe' ? undefined : this.#rateLimitOnly;
  }

  /** What a call with its own `hooks` reports to, when anything listens. */
  telemetryFor(hooks: Hooks | undefined): Telemetry | undefined {
    return hooks ? this.#forOwnHooks : this.telemetry;
  }

  /** A 2xx body checked in the client's mode. Unvalidated, it is taken as is, except a write's
   * (`refetch`) that is not the record. */
  check(row: OperationRow, body: unknown, refetch: boolean, trace?: LogTrace): Checked<unknown> {
    if (this.reader.mode) {
      const where = { method: row.method, path: templateOf(row) };
      return this.reader.check(row.response, body, where, trace);
    }
    if (refetch && !hasRequiredMembers(row.response, body)) return { ok: false, paths: ['(root)'] };
    return { ok: true, data: body };
  }
}

/** `value` parsed by `schema`. @throws {@link ValidationError} naming `what` (and `field`). */
export function parseInput(schema: z.ZodType, value: unknown, what: string, field?: string) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(issuesToFields(result.error.issues, field), what);
}
