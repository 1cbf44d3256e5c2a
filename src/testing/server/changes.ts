/** What a write changed, in one place: each change to an appointment emits its event (spec 6.2),
 * and a change an API request made joins the journal `checkInvariants` reads. @module */
import type { Clock } from './clock.ts';
import type { JournalEntry, WriteJournal } from './context.ts';
import {
  type AppointmentEventType,
  createEnvelope,
  type EventLog,
  type WebhookEnvelope,
} from './events.ts';
import type { AppointmentRecord, ClinicState, PatientRecord } from './store.ts';
import { appointmentView } from './views.ts';

/** One record a write created or changed. */
export type Change =
  | { readonly kind: AppointmentEventType; readonly appointment: AppointmentRecord }
  | { readonly kind: 'patient.created'; readonly patient: PatientRecord };

/** What publishing needs of the server. */
export interface ChangeSink {
  readonly clock: Clock;
  readonly events: EventLog;
}

/**
 * Emits the event of each appointment change, in order; with `journal`, also records each change
 * under the request's `Idempotency-Key` (`undefined` when it sent none).
 */
export function publishChanges(
  sink: ChangeSink,
  clinic: ClinicState,
  changes: readonly Change[],
  journal?: { readonly log: WriteJournal; readonly intent: string | undefined },
): WebhookEnvelope[] {
  const emitted: WebhookEnvelope[] = [];
  for (const change of changes) {
    const id = change.kind === 'patient.created' ? change.patient.id : change.appointment.id;
    const entry: JournalEntry = {
      kind: change.kind,
      id,
      companyId: clinic.id,
      intent: journal?.intent,
    };
    journal?.log.add(entry);
    if (change.kind === 'patient.created') continue;
    const view = appointmentView(clinic, change.appointment);
    const envelope = createEnvelope(change.kind, clinic.id, view, sink.clock.now());
    sink.events.emit(envelope);
    emitted.push(envelope);
  }
  return emitted;
}
