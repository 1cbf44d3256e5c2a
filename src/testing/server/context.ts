/** What the parts of one reference server share, and what its request log records. @module */
import type { BoundedLog } from './bounded-log.ts';
import type { Clock } from './clock.ts';
import type { EventLog } from './events.ts';
import type { FaultRegistry } from './faults.ts';
import type { LinkOrigin } from './links.ts';
import type { CursorSigner, ListEnvelopeSettings } from './lists.ts';
import type { Store } from './store.ts';

/** The fault or chaos draw that shaped an answer, as the request log records it. */
export interface RequestOutcome {
  /** An injected fault (`api.faults.inject`) or the chaos mode (`api.faults.chaos`). */
  readonly source: 'fault' | 'chaos';
  /**
   * `status`: answered that status unprocessed; `networkError`: failed unprocessed;
   * `loseResponse`: processed, its answer lost; `timeout`: processed, held, then lost;
   * `delay`: only a wait before the answer.
   */
  readonly action: 'status' | 'networkError' | 'loseResponse' | 'timeout' | 'delay';
}

/** A request as `api.requests` records it once answered: no body, the API key's secret masked. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** URL path as sent, such as `/api/public/v1/appointments`. */
  readonly path: string;
  /** Query parameters (the last value of a repeated one). */
  readonly query: Readonly<Record<string, string>>;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The status the server produced; for a lost response (`outcome.action` `loseResponse` or
   * `timeout`) the one the client never saw; `0` when it produced none (a network error, or the
   * client went away first).
   */
  readonly status: number;
  /**
   * When it arrived, on the server clock: ISO 8601 in UTC with an explicit offset, such as
   * `2026-03-02T12:00:00.000+00:00`.
   */
  readonly time: string;
  /** How long the answer took, in real milliseconds, waits included. */
  readonly durationMs: number;
  /** The attempt number the client sent in the `attemptHeader` setting's header, when it did. */
  readonly attempt?: number;
  /** The fault or chaos draw that shaped the answer, when one did. */
  readonly outcome?: RequestOutcome;
}

export interface ServerContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly events: EventLog;
  readonly faults: FaultRegistry;
  readonly signer: CursorSigner;
  readonly requests: BoundedLog<RecordedRequest>;
  /** No trailing slash. */
  readonly baseUrl: string;
  /** `''` for a host root. */
  readonly basePath: string;
  readonly listEnvelope: ListEnvelopeSettings;
  /** This and the next ones: the settings document's members of the same names. */
  links: LinkOrigin;
  origins: OriginPolicy;
  duplicates: DuplicatePolicy;
  maxBodyBytes: number;
  attemptHeader: string | null;
  requestIdHeader: string | null;
  readonly journal: WriteJournal;
}

/** `ReferenceServerOptions.origins`. */
export type OriginPolicy = 'base-url' | 'any';

/** `ReferenceServerOptions.duplicates`. */
export type DuplicatePolicy = 'refuse' | 'first';

/** One change a write made, with its request's Idempotency-Key, for `checkInvariants`. */
export interface JournalEntry {
  readonly kind:
    | 'appointment.created'
    | 'appointment.updated'
    | 'appointment.cancelled'
    | 'patient.created';
  readonly id: string | number;
  readonly companyId: number;
  readonly intent: string | undefined;
}

/** The changes writes made since the server started or was reset, oldest first. */
export class WriteJournal {
  readonly entries: JournalEntry[] = [];

  add(entry: JournalEntry): void {
    this.entries.push(entry);
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** The default byte budget of `api.requests` and of `api.events`, each: 8 MiB. */
export const DEFAULT_LOG_BYTES = 8 * 1024 * 1024;

/** The default largest request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export { API_PREFIX } from '../../internal/wire.ts';
