/**
 * Catch-up after events were lost: spec 6.3 disables an endpoint after 20 failed deliveries in a
 * row and never sends what was emitted meanwhile, and the API has no event list. One walk of
 * `GET /appointments` applies every appointment newer than what the ordering store recorded.
 * @module
 */
import { ConfigurationError } from '../core/errors/index.ts';
import type { Appointment } from '../schemas/appointments.ts';
import { freshnessIn, type OrderingStore, recordApplied } from './ordering/contract.ts';
import { isTooFarAhead } from './stale.ts';

/** The part of a `ClinicClient` a reconciliation uses: `appointments.list`. */
export interface ReconcileClient {
  /** The appointments resource. */
  appointments: {
    /** Every appointment of the key's clinic, page by page (`for await`). */
    list(query?: undefined, options?: { signal?: AbortSignal }): AsyncIterable<Appointment>;
  };
}

/** What a reconciliation counted. */
export interface ReconcileResult {
  /** Appointments the walk read. */
  seen: number;
  /** Newer than the ordering store's record (or unknown to it): `apply` ran, then recorded. */
  applied: number;
  /** The same state as recorded, or older (a live event applied a newer one meanwhile). */
  skipped: number;
  /**
   * Not applied: an `updated_at` more than `MAX_UPDATED_AT_AHEAD_MS` ahead of this machine's
   * clock (it would pin the appointment), or no `id` to record it under.
   */
  refused: number;
}

/** Options of {@link reconcileAppointments}. */
export interface ReconcileOptions {
  /** A `ClinicClient` (scope `appointments:read`). */
  client: ReconcileClient;
  /** The store your workers record applied states in (`ordering` of `createWebhookWorker`). */
  ordering: OrderingStore;
  /**
   * Writes one appointment, as the list returned it, to your copy. It races the workers: make it
   * a conditional write (`... WHERE updated_at <= $new`), as the workers' own. A throw rejects the
   * walk; nothing after it is applied or recorded.
   */
  apply: (appointment: Appointment) => unknown;
  /** Stops the walk (it rejects with the signal's reason); what was applied stays recorded. */
  signal?: AbortSignal | undefined;
  /** Told the counts after each appointment. */
  onProgress?: ((progress: ReconcileResult) => void) | undefined;
}

function check(options: ReconcileOptions): void {
  const { client, ordering, apply } = options ?? ({} as Partial<ReconcileOptions>);
  if (typeof client?.appointments?.list !== 'function') {
    throw new ConfigurationError(
      'reconcileAppointments needs { client }: a ClinicClient whose key has appointments:read.',
    );
  }
  if (typeof ordering?.get !== 'function' || typeof ordering.put !== 'function') {
    throw new ConfigurationError(
      'reconcileAppointments needs { ordering }: the OrderingStore your workers record in ' +
        '(RedisOrderingStore, PostgresOrderingStore or MemoryOrderingStore).',
    );
  }
  if (typeof apply !== 'function') {
    throw new ConfigurationError(
      'reconcileAppointments needs { apply }: (appointment) => your conditional write of it.',
    );
  }
}

/**
 * Walks every appointment (`clinic.appointments.list()`, one list walk) and, for each one newer
 * than what `ordering` recorded, runs `apply(appointment)` and records it; resolves with the
 * counts. An equal `updated_at` with other data is applied (the list is a fresh read); the same
 * state is skipped, so a second run with nothing changed applies nothing. Run it at start-up,
 * after an endpoint was re-enabled, and on a schedule (`createWebhookWorker({ reconcile })`).
 * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing client, ordering or apply.
 */
export async function reconcileAppointments(options: ReconcileOptions): Promise<ReconcileResult> {
  check(options);
  const { client, ordering, apply, signal, onProgress } = options;
  signal?.throwIfAborted();
  const result: ReconcileResult = { seen: 0, applied: 0, skipped: 0, refused: 0 };
  for await (const appointment of client.appointments.list(
    undefined,
    signal ? { signal } : undefined,
  )) {
    signal?.throwIfAborted();
    result.seen += 1;
    if (!appointment?.id || isTooFarAhead(appointment.updated_at)) {
      result.refused += 1;
    } else {
      const freshness = await freshnessIn(ordering, appointment);
      if (freshness === 'newer' || freshness === 'unordered') {
        await apply(appointment);
        await recordApplied(ordering, appointment);
        result.applied += 1;
      } else result.skipped += 1;
    }
    onProgress?.({ ...result });
  }
  return result;
}
