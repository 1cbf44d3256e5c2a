/**
 * The webhook handler's and worker's log lines, through the client's `logLevel` and `logger`
 * options: `(message, fields)`, ids and types, never a payload (health data). @module
 */
import { ConfigurationError } from '../../core/errors/index.ts';
import { isLogLevel, type Logger, type LogLevel, levelLogger } from '../../core/logger.ts';
import { readEnv } from '../../internal/utils.ts';
import {
  WebhookEventTooOldError,
  WebhookPayloadError,
  WebhookVerificationError,
} from '../errors.ts';
import type { WebhookEvent } from '../events.ts';
import { errorType } from '../telemetry.ts';

/** The log options of the handler and the worker, as the client takes them. */
export interface WebhookLogOptions {
  /** How much to log: `off`, `error`, `warn` (default), `info`, `debug` (env `CLINIC_LOG`). */
  logLevel?: LogLevel | undefined;
  /** Where to log (default `console`), as `(message, fields)`. */
  logger?: Logger | undefined;
}

/** The logger at the level asked; a `ConfigurationError` naming `who` for a level that is none. */
export function webhookLogger(options: WebhookLogOptions, who: string): Logger {
  const level = options.logLevel ?? readEnv('CLINIC_LOG') ?? 'warn';
  if (!isLogLevel(level)) {
    throw new ConfigurationError(
      `${who}: logLevel (or CLINIC_LOG) must be one of off, error, warn, info, debug; got "${String(level)}".`,
    );
  }
  const { logger } = options;
  if (logger !== undefined && typeof logger?.error !== 'function') {
    throw new ConfigurationError(
      `${who}: logger must have error, warn, info and debug methods, as console has.`,
    );
  }
  return levelLogger(logger ?? console, level);
}

export const LOG_PREFIX = 'clinic-scheduling webhooks:';

/** A delivery the handler refused for what it held (bad envelope, signature, age): not a failure. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof WebhookPayloadError ||
    error instanceof WebhookVerificationError ||
    error instanceof WebhookEventTooOldError
  );
}

/** The event's id and type as log fields. */
export function eventFields(event: WebhookEvent | undefined): Record<string, string> {
  return event ? { eventId: event.id, eventType: event.type } : {};
}

/** The handler's default `onError`: a refusal at `warn`, a failure at `error`. */
export function logDeliveryError(logger: Logger): (error: unknown, event?: WebhookEvent) => void {
  return (error, event) => {
    const refusal = isRefusal(error);
    const type = errorType(error);
    const fields = {
      ...eventFields(event),
      errorType: type,
      outcome: refusal ? 'refusal' : 'failure',
      error,
    };
    if (refusal) logger.warn(`${LOG_PREFIX} delivery refused (${type})`, fields);
    else logger.error(`${LOG_PREFIX} delivery failed (${type})`, fields);
  };
}
