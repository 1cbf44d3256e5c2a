/**
 * What the parts of one reference server share: its state, clock, event log, faults, request
 * log and the settings that are not per clinic.
 *
 * @module
 */
import type { Clock } from './clock.ts';
import type { EventLog } from './events.ts';
import type { FaultRegistry } from './faults.ts';
import type { LinkOrigin } from './links.ts';
import type { CursorSigner, ListEnvelopeSettings } from './pagination.ts';
import type { Store } from './store.ts';

/**
 * A request as recorded in `api.requests`: no body, and the secret of the API key masked
 * (`authorization: 'Bearer csk_live_<key_id>.****'`).
 */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** URL path as sent, such as `/api/public/v1/appointments`. */
  readonly path: string;
  /** Query parameters (the last value of a repeated one). */
  readonly query: Readonly<Record<string, string>>;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The shared parts of one server. */
export interface ServerContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly events: EventLog;
  readonly faults: FaultRegistry;
  readonly signer: CursorSigner;
  readonly requests: RecordedRequest[];
  /** The server's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The path of the base URL (`''` for a host root). */
  readonly basePath: string;
  readonly listEnvelope: ListEnvelopeSettings;
  /** Where page links point (`links.ts`). */
  readonly links: LinkOrigin;
  /** The most entries `requests` and `events` keep (oldest dropped first); `Infinity`: all. */
  readonly logLimit: number;
}

/** Appends `entry` to a log, dropping the oldest entries beyond `limit`. */
export function appendBounded<T>(log: T[], entry: T, limit: number): void {
  log.push(entry);
  while (log.length > limit) log.shift();
}

export { API_PREFIX } from '../internal/wire.ts';
