/**
 * Structured logging with pino: the SDK calls each logger method as `(message, fields)`, the
 * order of console and winston; pino's order is `(fields, message)`, so the logger below swaps
 * them. Every line then carries its fields (operation, method, path template, attempt, status,
 * delay, duration, request id, the call's Idempotency-Key) as JSON members, ready for queries
 * and metrics without parsing the message. Never the API key, a body or a query string.
 *
 * Runs against the reference server, which answers one 503 (so the call retries once).
 *
 *   node examples/pino-logging.ts
 */
import { ClinicClient, type Logger } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import pino from 'pino';

const log = pino({ level: 'debug', base: { service: 'front-desk' } });

/** The SDK's logger, as pino wants it: fields first, then the message. */
const logger: Logger = {
  error: (message, fields) => log.error(fields, message),
  warn: (message, fields) => log.warn(fields, message),
  info: (message, fields) => log.info(fields, message),
  debug: (message, fields) => log.debug(fields, message),
};

const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'read_only' }),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
  // info: one line per retry; debug adds each attempt and each failed call.
  logLevel: 'info',
  logger,
});

api.faults.inject({ path: '/api/public/v1/rooms', status: 503, headers: { 'retry-after': '0' } });
const rooms = await clinic.rooms.list().toArray({ limit: 100 });
log.info({ rooms: rooms.length }, 'rooms listed');
