/** Log levels, level filtering and redaction. Lines never carry a body (health data) nor the API
 * key (`Authorization` is always redacted). @module */
import type { APIError } from './errors.ts';
import type { ErrorEvent, RetryEvent } from './hooks.ts';

/** How much the client logs. `debug` also logs each attempt's (redacted) request headers. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** A log line's second argument: the same-moment hook event's facts, plus `headers` or `hook`. */
export interface LogFields extends Partial<Omit<ErrorEvent, 'error'>>, Partial<RetryEvent> {
  /** A debug attempt line's request headers, `Authorization` masked. */
  headers?: Record<string, string>;
  /** The hook that threw, on a `warn` line. */
  hook?: string;
}

/** Where log lines go: each method is called as `(message, fields)` ({@link LogFields}), like
 * `console`; for pino, swap them (docs/observability.md). */
export interface Logger {
  /** Level `error`: unused, since a failed call is reported by throwing. */
  error(message: string, ...rest: unknown[]): void;
  /** Level `warn` (default): a hook that threw; a new enum value or member, once per value. */
  warn(message: string, ...rest: unknown[]): void;
  /** Level `info`: each retry, with its reason and wait. */
  info(message: string, ...rest: unknown[]): void;
  /** Level `debug`: each attempt (redacted headers, status, timing) and each failed call. */
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

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** A copy of `headers` as a plain object, with `Authorization` (and cookies) redacted. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? '***' : value;
  }
  return out;
}

/** An {@link APIError}'s log line, no body text; `code` and request id only if identifier-like. */
export function logLine(error: APIError): string {
  const code = error.code !== undefined && IDENTIFIER.test(error.code) ? ` ${error.code}` : '';
  const id =
    error.requestId !== undefined && IDENTIFIER.test(error.requestId)
      ? `, request id ${error.requestId}`
      : '';
  return `${error.status}${code} (${error.method} ${error.path}${id})`;
}

const IDENTIFIER = /^[\w.:/+=-]{1,128}$/;
