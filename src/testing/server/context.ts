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
  readonly requests: BoundedLog<RecordedRequest>;
  /** The server's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The path of the base URL (`''` for a host root). */
  readonly basePath: string;
  readonly listEnvelope: ListEnvelopeSettings;
  /** Where page links point (`links.ts`). */
  readonly links: LinkOrigin;
  /** The most entries `requests` and `events` keep (oldest dropped first); `Infinity`: all. */
  readonly logLimit: number;
  /** Which origins `api.fetch` answers: `baseUrl`'s only, or any. */
  readonly origins: OriginPolicy;
  /** Repeated query parameters and headers: refused (400), or the first one read. */
  readonly duplicates: DuplicatePolicy;
  /** The largest request body read; a larger one is 413 before it is buffered. */
  readonly maxBodyBytes: number;
  /** Set by `fetch.ts` while a write runs: its Idempotency-Key (if any), for the journal. */
  intent: { key: string | undefined } | undefined;
  /** What each write changed, for `checkInvariants`. */
  readonly journal: WriteJournal;
}

/** `ReferenceServerOptions.origins`. */
export type OriginPolicy = 'base-url' | 'any';

/** `ReferenceServerOptions.duplicates`. */
export type DuplicatePolicy = 'refuse' | 'first';

/** One change made by a write through the API, with the Idempotency-Key of its request. */
export interface JournalEntry {
  readonly kind:
    | 'appointment.created'
    | 'appointment.updated'
    | 'appointment.cancelled'
    | 'patient.created';
  /** The appointment's uuid or the patient's id. */
  readonly id: string | number;
  readonly companyId: number;
  /** The request's Idempotency-Key; `undefined` when it carried none. */
  readonly intent: string | undefined;
}

/** The changes writes made since the server started or was reset, oldest first. */
export class WriteJournal {
  readonly entries: JournalEntry[] = [];

  /** Records a change. */
  add(entry: JournalEntry): void {
    this.entries.push(entry);
  }

  /** Forgets every change (`api.reset()`). */
  clear(): void {
    this.entries.length = 0;
  }
}

/**
 * A log bounded by entries and by bytes: past either limit the oldest entries are dropped. The
 * size of an entry is what the caller measures (about the length of its JSON text); the newest
 * entry is kept whatever its size, so one request never empties the log of the others and no
 * request grows it past one entry beyond the budget.
 */
export class BoundedLog<T> {
  /** The entries, oldest first: `api.requests` and `api.events` are this array. */
  readonly entries: T[] = [];
  readonly #sizes: number[] = [];
  #bytes = 0;
  readonly #limit: number;
  readonly #byteLimit: number;

  constructor(limit: number, byteLimit: number) {
    this.#limit = limit;
    this.#byteLimit = byteLimit;
  }

  /** The measured size of the entries kept. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Appends `entry` of `size` bytes, then drops the oldest entries beyond either limit. */
  append(entry: T, size: number): void {
    this.entries.push(entry);
    this.#sizes.push(size);
    this.#bytes += size;
    let drop = 0;
    let bytes = this.#bytes;
    const count = this.entries.length;
    while (
      count - drop > 0 &&
      (count - drop > this.#limit || (bytes > this.#byteLimit && count - drop > 1))
    ) {
      bytes -= this.#sizes[drop]!;
      drop += 1;
    }
    if (drop > 0) {
      this.entries.splice(0, drop);
      this.#sizes.splice(0, drop);
      this.#bytes = bytes;
    }
  }

  /** Empties the log. */
  clear(): void {
    this.entries.length = 0;
    this.#sizes.length = 0;
    this.#bytes = 0;
  }
}

/** The default byte budget of `requests` and of `events`, each: 8 MiB. */
export const DEFAULT_LOG_BYTES = 8 * 1024 * 1024;

/** The default largest request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export { API_PREFIX } from '../../internal/wire.ts';
