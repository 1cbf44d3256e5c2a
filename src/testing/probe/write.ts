/** The write probes, run only when the user allows them: one patient and two or three
 * appointments at the time the user names, each cancelled before the run ends. @module */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../internal/wire.ts';
import { OPERATIONS } from '../../operations.ts';
import type { ProbeContext } from './read.ts';
import { answerOf, bodyKind, codeOf } from './report.ts';
import { serviceText } from './terminal.ts';
import type { Exchange } from './transport.ts';
import {
  observeNullRoom,
  observeOverlap,
  ok,
  record,
  reportAnswer,
  reportChangeable,
  roomId,
} from './write-answers.ts';
import {
  createProbePatient,
  probeAppointmentRules,
  probePatientFields,
  probePatientRules,
} from './write-rules.ts';

/** What the user names for the write probes. */
export interface WriteTarget {
  /** A professional of the clinic who sees patients. */
  professionalId: number;
  /** An appointment type of the clinic. */
  appointmentTypeId: number;
  /** A day far ahead, YYYY-MM-DD. */
  date: string;
  /** Local time (America/Sao_Paulo) of the first appointment, HH:MM. Default 10:00. */
  time?: string | undefined;
  /** A room to book in, for a clinic that requires one. */
  roomId?: number | undefined;
}

/** A record the probe created: what the terminal lists at the end (never the report). */
export interface CreatedRecord {
  /** What it is. */
  kind: 'patient' | 'appointment';
  /** Its id, as text. */
  id: string;
  /** The name or the start, to recognise it in the web application. */
  label: string;
  /** An appointment's last known status. */
  status?: string | undefined;
}

/** The steps, each with what it may create, as the plan prints them. */
export const WRITE_STEPS = [
  'POST /patients with gender X and no name, then with gender X, the phone "not a number" and the CPF 111.111.111-11 (refused by any service that checks gender; they name the required fields and the field rules; each may create 1 patient where none is checked)',
  'POST /patients: one patient named "Clinic SDK probe <date> <run>", with an Idempotency-Key (may create 1 patient); PATCH it with {}, find it by name in other cases, PATCH its name with that key',
  'POST /appointments at <date> <time> with an Idempotency-Key, no room_id (creates 1 appointment)',
  'the same request again (the replay; may create 1 appointment if the service does not replay)',
  'the same key with another note (its misuse; may create 1 appointment if not refused)',
  'POST /appointments at the same time, room_id null (may create 1 appointment; if refused, 1 more at the same time or just after)',
  'PATCH the first appointment: status confirmed, then its note 4 times (Idempotency-Key, replay, content type)',
  'POST .../cancel of the second with a body {}, then without: cancelled',
  'POST .../cancel of the first; PATCH its note while cancelled; cancel it again',
  'cancel every appointment the probe booked that is not cancelled yet, and read each back',
];

/** The run's records and the answers the later steps read. */
class Ledger {
  readonly records: CreatedRecord[] = [];
  add(kind: CreatedRecord['kind'], id: unknown, label: string, status?: string): void {
    if (this.records.some((r) => r.kind === kind && r.id === String(id))) return;
    this.records.push({ kind, id: String(id), label, status });
  }
  setStatus(id: string, status: string): void {
    const record = this.records.find((r) => r.kind === 'appointment' && r.id === id);
    if (record) record.status = status;
  }
}

/** Runs the write probes; the ledger holds every record created, even when a step throws. */
export async function probeWrites(
  ctx: ProbeContext,
  target: WriteTarget,
  ledger: CreatedRecord[],
): Promise<void> {
  const book = new Ledger();
  book.records.push(...ledger);
  try {
    await run(ctx, target, book);
  } finally {
    await cleanUp(ctx, book);
    ledger.splice(0, ledger.length, ...book.records);
  }
}

async function run(ctx: ProbeContext, target: WriteTarget, book: Ledger): Promise<void> {
  const { t, key, findings } = ctx;
  const runId = crypto.randomUUID().slice(0, 8);
  const step = (i: number) => ctx.progress(`write ${i + 1}: ${WRITE_STEPS[i]}`);

  step(0);
  const fields = await probePatientFields(ctx, (id, label) => book.add('patient', id, label));
  if (fields.forbidden)
    return stop(ctx, 'POST /patients answered 403: the key lacks the scope to create patients');
  if (fields.required?.includes('cpf'))
    return stop(ctx, 'the service requires a CPF to create a patient; the probe invents none');

  step(1);
  const name = `Clinic SDK probe ${target.date} ${runId}`;
  const { created, key: keyP } = await createProbePatient(ctx, name, fields.required, runId);
  const patientId = record(created)?.id;
  if (!ok(created) || typeof patientId !== 'number') {
    return stop(
      ctx,
      `POST /patients answered ${answerOf(created.status, created.body)}; no appointment was booked`,
    );
  }
  book.add('patient', patientId, name);
  const createStatus =
    created.status === 201 || created.status === 200 ? created.status : undefined;
  findings.add(
    'patient-create-status',
    `${created.status} with ${bodyKind(created.body, created.hadBody)}`,
    'certain',
    createStatus ? { setting: { name: 'clinic.patientCreateStatus', value: createStatus } } : {},
  );
  await probePatientRules(ctx, { id: patientId, name }, keyP);

  step(2);
  const note = `clinic-scheduling-probe ${runId}: cancelled by the probe`;
  const base = {
    patient_id: patientId,
    professional_id: target.professionalId,
    appointment_type_id: target.appointmentTypeId,
    start_at: `${target.date}T${target.time ?? '10:00'}:00`,
    note,
    ...(target.roomId === undefined ? {} : { room_id: target.roomId }),
  };
  const keyA = `probe-${runId}-a`;
  const first = await t.sendRow(key, OPERATIONS.createAppointment, {
    json: base,
    headers: { [IDEMPOTENCY_HEADER]: keyA },
  });
  const a1 = record(first);
  if (!ok(first) || typeof a1?.id !== 'string') {
    if (codeOf(first.body) === 'room_required') {
      findings.add('room-required', '409 room_required for a booking without room_id', 'certain', {
        setting: { name: 'clinic.requireRoom', value: true },
      });
    }
    return stop(
      ctx,
      `the first booking answered ${answerOf(first.status, first.body)}` +
        (codeOf(first.body) === 'room_required' ? ': name a room (--room)' : ''),
    );
  }
  const id1 = a1.id;
  book.add('appointment', id1, base.start_at, String(a1.status));
  findings.add(
    'note-returned',
    'note' in a1 ? 'returned in the created appointment' : 'not returned',
    'certain',
    { setting: { name: 'clinic.appointmentNote', value: 'note' in a1 ? 'include' : 'omit' } },
  );
  const defaultRoom = target.roomId === undefined ? roomId(a1) : undefined;
  if (defaultRoom === null) {
    findings.add(
      'room-required',
      'a booking without room_id, with no default room, was created',
      'certain',
      {
        setting: { name: 'clinic.requireRoom', value: false },
      },
    );
  }

  step(3);
  const again = await t.sendRow(key, OPERATIONS.createAppointment, {
    json: base,
    headers: { [IDEMPOTENCY_HEADER]: keyA },
  });
  const replayedId = record(again)?.id;
  if (ok(again) && replayedId !== id1)
    book.add('appointment', replayedId, base.start_at, 'scheduled');
  findings.add(
    'replay',
    ok(again)
      ? `${again.status}, ${replayedId === id1 ? 'the same appointment' : 'ANOTHER appointment'}, ${REPLAYED_HEADER}: ${again.headers.get(REPLAYED_HEADER) ?? 'absent'}`
      : answerOf(again.status, again.body),
    'certain',
  );

  step(4);
  const misuse = await t.sendRow(key, OPERATIONS.createAppointment, {
    json: { ...base, note: `${note} (other body)` },
    headers: { [IDEMPOTENCY_HEADER]: keyA },
  });
  if (ok(misuse) && record(misuse)?.id !== id1)
    book.add('appointment', record(misuse)?.id, base.start_at, 'scheduled');
  const misuseCode = misuse.status === 422 ? codeOf(misuse.body) : undefined;
  findings.add(
    'idempotency-422',
    `another body: ${answerOf(misuse.status, misuse.body)}`,
    'certain',
    {
      subject: 'another body',
      ...(misuseCode && { setting: { name: 'clinic.idempotencyErrorCode', value: misuseCode } }),
    },
  );

  step(5);
  const nullRoom = { ...base, room_id: null };
  const second = await t.sendRow(key, OPERATIONS.createAppointment, {
    json: nullRoom,
    headers: { [IDEMPOTENCY_HEADER]: `probe-${runId}-b` },
  });
  let id2: string | undefined;
  const readRoom = (answer: Exchange) => {
    if (ok(answer)) {
      id2 = String(record(answer)?.id);
      book.add('appointment', id2, String(record(answer)?.start_at), 'scheduled');
    }
    observeNullRoom(ctx, answer, defaultRoom);
  };
  if (ok(second)) {
    findings.add('overlap', 'a second booking at the same time was created', 'certain', {
      setting: { name: 'clinic.overlappingAppointments', value: 'allow' },
    });
    readRoom(second);
  } else if (codeOf(second.body) === 'room_required') {
    readRoom(second);
    const third = await t.sendRow(key, OPERATIONS.createAppointment, {
      json: base,
      headers: { [IDEMPOTENCY_HEADER]: `probe-${runId}-c` },
    });
    if (ok(third)) {
      id2 = String(record(third)?.id);
      book.add('appointment', id2, base.start_at, 'scheduled');
    }
    observeOverlap(ctx, third);
  } else if (second.status === 409) {
    observeOverlap(ctx, second);
    const later = { ...nullRoom, start_at: String(a1.end_at) };
    readRoom(
      await t.sendRow(key, OPERATIONS.createAppointment, {
        json: later,
        headers: { [IDEMPOTENCY_HEADER]: `probe-${runId}-c` },
      }),
    );
  } else findings.add('overlap', answerOf(second.status, second.body), 'unclear');
  if (id2 === undefined && typeof a1.end_at === 'string') {
    // The cancel probes need a second appointment: back to back, in the default room.
    const after = await t.sendRow(key, OPERATIONS.createAppointment, {
      json: { ...base, start_at: a1.end_at },
      headers: { [IDEMPOTENCY_HEADER]: `probe-${runId}-e` },
    });
    if (ok(after)) {
      id2 = String(record(after)?.id);
      book.add('appointment', id2, a1.end_at, 'scheduled');
    }
  }

  step(6);
  const changeable = new Map<string, boolean>();
  const patch = (body: unknown, headers: Record<string, string> = {}, contentType?: string) =>
    t.sendRow(key, OPERATIONS.updateAppointment, {
      id: id1,
      json: body,
      headers,
      ...(contentType ? { contentType } : {}),
    });
  const confirmed = await patch({ status: 'confirmed' });
  changeable.set('scheduled', ok(confirmed));
  reportAnswer(ctx, 'patch-answer', confirmed, id1);
  if (ok(confirmed)) {
    book.setStatus(id1, 'confirmed');
    await probeAppointmentRules(ctx, { id: id1, body: base, key: keyA }, (id) =>
      book.add('appointment', id, base.start_at, 'scheduled'),
    );
  }
  const crossed = await patch({ note }, { [IDEMPOTENCY_HEADER]: keyA });
  findings.add(
    'idempotency-422',
    `the key of a POST /appointments on a PATCH: ${answerOf(crossed.status, crossed.body)}`,
    'certain',
    {
      subject: 'another endpoint',
    },
  );
  const keyD = { [IDEMPOTENCY_HEADER]: `probe-${runId}-d` };
  const once = await patch({ note: `${note} (patched)` }, keyD);
  const twice = await patch({ note: `${note} (patched)` }, keyD);
  if (ok(once) && ok(twice)) {
    const every = twice.headers.get(REPLAYED_HEADER) === 'true';
    findings.add(
      'replay-scope',
      `a PATCH repeated with one key: ${every ? 'replayed' : 'run again, not marked replayed'}`,
      'certain',
      {
        setting: {
          name: 'clinic.idempotencyReplay',
          value: every ? 'every-write' : 'create-appointment',
        },
      },
    );
  } else
    findings.add(
      'replay-scope',
      `a PATCH with a key: ${answerOf(once.status, once.body)}`,
      'unclear',
    );
  const suffixed = await patch({ note }, {}, 'application/merge-patch+json');
  findings.add(
    'json-content-types',
    `a PATCH sent as application/merge-patch+json: ${answerOf(suffixed.status, suffixed.body)}`,
    ok(suffixed) || suffixed.status === 400 || suffixed.status === 415 ? 'certain' : 'unclear',
    {
      setting: {
        name: 'clinic.jsonContentTypes',
        value: ok(suffixed) ? 'json-suffix' : 'application/json',
      },
    },
  );

  step(7);
  if (id2 !== undefined) {
    const withBody = await t.sendRow(key, OPERATIONS.cancelAppointment, { id: id2, json: {} });
    findings.add(
      'cancel-body',
      `a cancel with the body {}: ${answerOf(withBody.status, withBody.body)}`,
      ok(withBody) || withBody.status === 400 || withBody.status === 415 ? 'certain' : 'unclear',
      {
        setting: { name: 'clinic.cancelBody', value: ok(withBody) ? 'ignore' : 'refuse' },
      },
    );
    const cancelled = ok(withBody)
      ? withBody
      : await t.sendRow(key, OPERATIONS.cancelAppointment, { id: id2 });
    if (ok(cancelled)) book.setStatus(id2, 'cancelled');
    changeable.set('scheduled', changeable.get('scheduled')! && ok(cancelled));
    reportAnswer(ctx, 'cancel-answer', cancelled, id2);
  } else findings.add('cancel-body', 'not seen: no second appointment was booked', 'unobservable');

  step(8);
  const cancel1 = await t.sendRow(key, OPERATIONS.cancelAppointment, { id: id1 });
  if (ok(confirmed)) changeable.set('confirmed', ok(cancel1));
  if (ok(cancel1)) {
    book.setStatus(id1, 'cancelled');
    const late = await patch({ note });
    changeable.set('cancelled', ok(late));
    const twiceCancelled = await t.sendRow(key, OPERATIONS.cancelAppointment, { id: id1 });
    const code = twiceCancelled.status === 409 ? codeOf(twiceCancelled.body) : undefined;
    findings.add(
      'cancel-twice',
      answerOf(twiceCancelled.status, twiceCancelled.body),
      'certain',
      code ? { setting: { name: 'clinic.notChangeableCode', value: code } } : {},
    );
  }
  reportChangeable(ctx, changeable);
}

function stop(ctx: ProbeContext, why: string): void {
  ctx.progress(`writes stopped: ${why}`);
  ctx.writesStopped = why;
}

/** Cancels every appointment the run booked that is not known cancelled, then reads each back. */
async function cleanUp(ctx: ProbeContext, book: Ledger): Promise<void> {
  ctx.t.enterCleanup(2 * book.records.length);
  for (const r of book.records) {
    if (r.kind !== 'appointment' || r.id === 'undefined') continue;
    try {
      if (r.status !== 'cancelled') {
        ctx.progress(`cancelling an appointment the probe booked (${serviceText(r.label)})`);
        const answer = await ctx.t.sendRow(ctx.key, OPERATIONS.cancelAppointment, { id: r.id });
        if (!ok(answer))
          ctx.progress(`COULD NOT CANCEL it: ${answerOf(answer.status, answer.body)}`);
      }
      const read = await ctx.t.sendRow(ctx.key, OPERATIONS.retrieveAppointment, { id: r.id });
      const status = record(read)?.status;
      r.status = typeof status === 'string' ? status : `unknown (${read.status})`;
    } catch (error) {
      r.status = `unknown: ${(error as Error).message}`;
    }
  }
}
