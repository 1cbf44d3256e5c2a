/** Log levels, level filtering and redaction. Lines never carry a body (health data) nor the API
 * key (`Authorization` is always redacted). @module */
import type { ErrorEvent, RetryEvent } from './hooks.ts';

/** How much the client logs. `debug` also logs each attempt's (redacted) request headers. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** A log line's second argument: the same-moment hook event's facts, plus `headers` or `hook`. */
export interface LogFields extends Partial<Omit<ErrorEvent, 'error'>>, Partial<RetryEvent> {
  /** A debug attempt line's request headers, `Authorization` masked. */
  headers?: Record<string, string>;
  /** The hook that threw, on a `warn` line. */
  hook?: string;
  /** The call's id, on every line of a call. */
  callId?: string;
  /** While tracing (`openTelemetry`): the trace of the span the line belongs to (the attempt's
   * for a debug line, else the call's), in OpenTelemetry's log field names. */
  trace_id?: string;
  /** While tracing: that span's id. */
  span_id?: string;
  /** A refused call's line: the 409's or 422's `code`. */
  code?: string;
  /** A refused call's line: the names of a 400's invalid fields (never their values). */
  fields?: string[];
}

/** The trace a log line belongs to, in OpenTelemetry's log field names (none when not tracing). */
export type LogTrace = Pick<LogFields, 'trace_id' | 'span_id'>;

/** Where log lines go: each method is called as `(message, fields)` ({@link LogFields}), like
 * `console`; for pino, swap them (docs/observability.md). */
export interface Logger {
  /** Level `error`: each failed call (`outcome: 'failure'`), once (its facts, never the
   * service's text). */
  error(message: string, ...rest: unknown[]): void;
  /** Level `warn` (default): a hook that threw; a new enum value or member, once per value. */
  warn(message: string, ...rest: unknown[]): void;
  /** Level `info`: each retry, with its reason and wait; each refused or cancelled call, once. */
  info(message: string, ...rest: unknown[]): void;
  /** Level `debug`: each attempt (redacted headers) and each answer (status, timing). */
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
