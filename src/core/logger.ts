/**
 * Logging: levels, the default console logger, and redaction. Log lines carry the method, path,
 * status, timing and attempt of each request; never a body (it may hold health data) and never
 * the API key (the `Authorization` header is always redacted).
 *
 * @module
 */
import type { APIError } from './errors.ts';
import type { ErrorEvent, RetryEvent } from './hooks.ts';

/** How much the client logs. `debug` also logs each attempt's (redacted) request headers. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/**
 * The fields of a log line, its second argument: the facts the hook of the same moment
 * receives (operation, method, path template, attempt, status, delay, duration, request id,
 * the call's `Idempotency-Key`), plus the redacted request `headers` of a debug attempt line
 * and the `hook` that threw on a warning. Never the API key, a body or a query string.
 */
export interface LogFields extends Partial<Omit<ErrorEvent, 'error'>>, Partial<RetryEvent> {
  /** A debug attempt line's request headers, `Authorization` masked. */
  headers?: Record<string, string>;
  /** The hook that threw, on a `warn` line. */
  hook?: string;
}

/**
 * Where log lines go. Any object with these four methods works: each is called as
 * `(message, fields)` ({@link LogFields}), the order of `console` and winston. For pino, whose
 * order is `(fields, message)`, swap them:
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * const log = pino();
 * const clinic = new ClinicClient({
 *   logLevel: 'info',
 *   logger: {
 *     error: (message, fields) => log.error(fields, message),
 *     warn: (message, fields) => log.warn(fields, message),
 *     info: (message, fields) => log.info(fields, message),
 *     debug: (message, fields) => log.debug(fields, message),
 *   },
 * });
 * ```
 */
export interface Logger {
  /** Level `error`. The SDK reports a failed call by throwing, and logs nothing at this level. */
  error(message: string, ...rest: unknown[]): void;
  /**
   * Level `warn` (the default level): a hook that threw, or a response that departs from the
   * spec without breaking it (a new enum value, a new member), once per field and value. A
   * failed call is reported by throwing; the SDK does not print it too (quiet by default).
   */
  warn(message: string, ...rest: unknown[]): void;
  /** Level `info`: each retry, with its reason and wait. */
  info(message: string, ...rest: unknown[]): void;
  /**
   * Level `debug`: each attempt with its request headers (key redacted), status and timing, and
   * each failed call's status, code and request id (never its body).
   */
  debug(message: string, ...rest: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Whether `value` is one of the log levels. */
export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

const noop = () => {};

/** A logger that passes on only the lines at or above `level`. */
export function levelLogger(logger: Logger, level: LogLevel): Logger {
  const rank = RANK[level];
  const pick = (name: keyof Logger, needed: number) =>
    rank >= needed ? logger[name].bind(logger) : noop;
  return {
    error: pick('error', RANK.error),
    warn: pick('warn', RANK.warn),
    info: pick('info', RANK.info),
    debug: pick('debug', RANK.debug),
  };
}

/** Header names whose values never reach a log line. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** A copy of `headers` as a plain object, with `Authorization` (and cookies) redacted. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? '***' : value;
  }
  return out;
}

/**
 * The log line of an {@link APIError}: status, method, path, code and request id only. Never
 * `detail` nor any text of the body. `code` and the request id are logged only when they look
 * like identifiers, since a body or header may put anything there.
 */
export function logLine(error: APIError): string {
  const code = error.code !== undefined && IDENTIFIER.test(error.code) ? ` ${error.code}` : '';
  const id =
    error.requestId !== undefined && IDENTIFIER.test(error.requestId)
      ? `, request id ${error.requestId}`
      : '';
  return `${error.status}${code} (${error.method} ${error.path}${id})`;
}

const IDENTIFIER = /^[\w.:/+=-]{1,128}$/;
