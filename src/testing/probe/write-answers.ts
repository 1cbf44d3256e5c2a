/** What the write probes' answers say about rooms, overlaps, changeable states and the answers
 * of PATCH and cancel. @module */
import { AppointmentStatus } from '../../schemas/appointments.ts';
import type { ProbeContext } from './read.ts';
import { answerOf, bodyKind, codeOf } from './report.ts';
import type { Exchange } from './transport.ts';

type Item = Record<string, unknown>;

export const ok = (a: Exchange) => a.status >= 200 && a.status < 300;
export const record = (a: Exchange): Item | undefined =>
  a.body && typeof a.body === 'object' && !Array.isArray(a.body) ? (a.body as Item) : undefined;
export const roomId = (a: Item | undefined) => (a?.room as Item | null | undefined)?.id ?? null;

export function observeOverlap(ctx: ProbeContext, answer: Exchange): void {
  const allowed = answer.status >= 200 && answer.status < 300;
  ctx.findings.add(
    'overlap',
    allowed
      ? 'a second booking at the same time was created'
      : `a second booking at the same time: ${answerOf(answer.status, answer.body)}`,
    allowed || answer.status === 409 ? 'certain' : 'unclear',
    {
      setting: { name: 'clinic.overlappingAppointments', value: allowed ? 'allow' : 'refuse' },
    },
  );
}

/** `room_id: null` against the room an omitted `room_id` gave (`undefined`: a room was named). */
export function observeNullRoom(ctx: ProbeContext, answer: Exchange, defaultRoom: unknown): void {
  const { findings } = ctx;
  const code = codeOf(answer.body);
  if (code === 'room_required') {
    findings.add('room-required', '409 room_required for room_id null', 'certain', {
      setting: { name: 'clinic.requireRoom', value: true },
    });
  } else if (ok(answer) && roomId(record(answer)) === null && !findings.has('room-required')) {
    findings.add(
      'room-required',
      'a booking with room_id null and no room was created',
      'certain',
      {
        setting: { name: 'clinic.requireRoom', value: false },
      },
    );
  }
  if (defaultRoom === undefined || defaultRoom === null) {
    findings.add(
      'null-room',
      defaultRoom === null
        ? 'not seen: the professional has no default room, so null and omitted agree'
        : 'not seen: a room was named (--room), so the default room is unknown',
      'unobservable',
    );
    return;
  }
  let value: string | undefined;
  if (code === 'room_required') value = 'no-room';
  else if (ok(answer))
    value =
      roomId(record(answer)) === null
        ? 'no-room'
        : roomId(record(answer)) === defaultRoom
          ? 'default-room'
          : undefined;
  findings.add(
    'null-room',
    value === undefined
      ? answerOf(answer.status, answer.body)
      : value === 'no-room'
        ? 'room_id null booked no room (the default room exists)'
        : 'room_id null booked the default room',
    value ? 'certain' : 'unclear',
    value ? { setting: { name: 'clinic.nullRoom', value } } : {},
  );
}

const OWN_STATES = ['scheduled', 'confirmed', 'cancelled'] as const;

/** Spec 3.3 rule 3, as far as the probe's own appointments show it. */
export function reportChangeable(ctx: ProbeContext, seen: Map<string, boolean>): void {
  for (const state of OWN_STATES) {
    const result = seen.get(state);
    ctx.findings.add(
      'changeable-states',
      result === undefined
        ? 'not seen (an earlier step failed)'
        : result
          ? 'changed or cancelled by the API'
          : 'refused',
      result === undefined ? 'unobservable' : 'certain',
      { subject: state },
    );
  }
  const others = AppointmentStatus.options.filter(
    (s) => !(OWN_STATES as readonly string[]).includes(s),
  );
  ctx.findings.add(
    'changeable-states',
    'not seen: the API cannot bring an appointment into these states, and the probe touches no other record',
    'unobservable',
    {
      subject: others.join(', '),
    },
  );
  if (OWN_STATES.every((s) => seen.has(s))) {
    const defaults = ['scheduled', 'confirmed'];
    const value = AppointmentStatus.options.filter((s) =>
      seen.has(s) ? seen.get(s) : defaults.includes(s),
    );
    ctx.findings.add(
      'changeable-states',
      `as a setting: ${value.join(', ')} (states not seen keep the default)`,
      'certain',
      {
        subject: 'setting',
        setting: { name: 'clinic.changeableStatuses', value },
      },
    );
  }
}

/** PATCH's or cancel's answer, as the setting (`patchAnswer`, `cancelAnswer`) that answers so. */
export function reportAnswer(
  ctx: ProbeContext,
  item: 'patch-answer' | 'cancel-answer',
  answer: Exchange,
  id: string,
): void {
  const kind = bodyKind(answer.body, answer.hadBody, id);
  let value: string | undefined;
  if (ok(answer)) {
    if (kind === 'the appointment object') value = 'appointment';
    else if (!answer.hadBody) value = 'no-content';
    else if (record(answer)) value = 'empty-object';
  }
  const name = item === 'patch-answer' ? 'clinic.patchAnswer' : 'clinic.cancelAnswer';
  ctx.findings.add(
    item,
    `${answerOf(answer.status, answer.body)} with ${kind}`,
    value === 'empty-object' && kind !== 'a JSON object with members (none)' ? 'likely' : 'certain',
    value ? { setting: { name, value } } : {},
  );
}
