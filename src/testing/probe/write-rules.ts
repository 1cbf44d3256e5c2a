/** The write probes of the field rules and Idempotency-Key readings the spec leaves open: the
 * required patient fields, the phone and CPF rules, an empty change, the name filter's case, a
 * key's binding and its reads, the replay's body and members no operation accepts. Each reports
 * the reference server setting that answers the same. @module */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../internal/wire.ts';
import { OPERATIONS } from '../../operations.ts';
import { PATIENT_FIELDS } from '../server/settings-patients.ts';
import { itemsOf, LISTS, type ProbeContext } from './read.ts';
import { answerOf } from './report.ts';
import type { Exchange } from './transport.ts';
import { ok, record } from './write-answers.ts';

/** Values the probe gives a field the service requires, for its one patient. No CPF: the probe
 * never invents a person's document. */
export const REQUIRED_FILL: Readonly<Record<string, string>> = {
  phone: '11999999999',
  email: 'clinic-sdk-probe@example.invalid',
  birth_date: '2000-01-01',
  gender: 'O',
};

const named = (answer: Exchange) =>
  PATIENT_FIELDS.filter((f) => answer.status === 400 && record(answer) && f in record(answer)!);

/**
 * POST /patients with gender X alone, then with a phone that is no number and a CPF of one
 * repeated digit: the first names the required fields, the second the rules beyond them. Returns
 * the required fields (`undefined` when unclear); `created` gets the id of a patient made anyway.
 */
export async function probePatientFields(
  ctx: ProbeContext,
  created: (id: unknown, label: string) => void,
): Promise<{ required: string[] | undefined; forbidden: boolean }> {
  const { t, key, findings } = ctx;
  const bare = await t.sendRow(key, OPERATIONS.createPatient, { json: { gender: 'X' } });
  if (bare.status === 403) return { required: undefined, forbidden: true };
  let required: string[] | undefined;
  if (ok(bare)) {
    created(record(bare)?.id, '(no name)');
    required = [];
    findings.add(
      'patient-required',
      `${bare.status}: a patient with no name and gender X was created`,
      'certain',
      {
        setting: { name: 'clinic.requiredPatientFields', value: [] },
      },
    );
  } else if (bare.status === 400 && record(bare)) {
    required = named(bare).filter((f) => f !== 'gender');
    findings.add(
      'patient-required',
      `400 naming ${named(bare).join(', ') || 'no field'}: required ${required.join(', ') || 'none'}`,
      'likely',
      { setting: { name: 'clinic.requiredPatientFields', value: required } },
    );
  } else findings.add('patient-required', answerOf(bare.status, bare.body), 'unclear');

  const body = { gender: 'X', phone: 'not a number', cpf: '111.111.111-11' };
  const odd = await t.sendRow(key, OPERATIONS.createPatient, { json: body });
  const fields = named(odd);
  const judged = ok(odd) || (odd.status === 400 && fields.includes('gender'));
  if (ok(odd)) created(record(odd)?.id, '(no name, odd phone and CPF)');
  for (const [item, field, refused, accepted, name] of [
    ['phone-rule', 'phone', 'number', 'length', 'clinic.phoneRule'],
    ['cpf-repeated', 'cpf', 'refuse', 'accept', 'clinic.cpfRepeatedDigits'],
  ] as const) {
    if (required === undefined || required.includes(field) || !judged) {
      findings.add(item, `not seen: ${answerOf(odd.status, odd.body)}`, 'unobservable');
      continue;
    }
    const value = fields.includes(field) ? refused : accepted;
    findings.add(
      item,
      `${body[field]}: ${value === refused ? 'refused (400)' : 'accepted'}`,
      'certain',
      {
        setting: { name, value },
      },
    );
  }
  return { required, forbidden: false };
}

/**
 * The probe's one patient, with an Idempotency-Key, the required fields filled; a 400 naming
 * another field the probe can fill (gender, sent as X before, hides whether it is required)
 * is retried once with it, under a new key, and that field joins the required ones.
 */
export async function createProbePatient(
  ctx: ProbeContext,
  name: string,
  required: readonly string[] = [],
  runId: string,
): Promise<{ created: Exchange; key: string }> {
  const send = (fill: readonly string[], key: string) =>
    ctx.t.sendRow(ctx.key, OPERATIONS.createPatient, {
      json: { ...Object.fromEntries(fill.map((f) => [f, REQUIRED_FILL[f]])), name },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
  const fill = required.filter((f) => f in REQUIRED_FILL);
  const first = await send(fill, `probe-${runId}-p`);
  const missing = named(first).filter((f) => f in REQUIRED_FILL && !fill.includes(f));
  if (missing.length === 0) return { created: first, key: `probe-${runId}-p` };
  const all = [...new Set([...required, ...missing])];
  ctx.findings.add(
    'patient-required',
    `a create with a name: 400 naming ${missing.join(', ')}: required ${all.join(', ')}`,
    'likely',
    { setting: { name: 'clinic.requiredPatientFields', value: all } },
  );
  return {
    created: await send([...fill, ...missing], `probe-${runId}-q`),
    key: `probe-${runId}-q`,
  };
}

/** On the probe's own patient: `{}` (emptyPatch), the name filter's case and accents, and whether
 * the key of its create binds PATCH /patients (idempotencyBinding). */
export async function probePatientRules(
  ctx: ProbeContext,
  patient: { id: number; name: string },
  createKey: string,
): Promise<void> {
  const { t, key, findings } = ctx;
  const empty = await t.sendRow(key, OPERATIONS.updatePatient, { id: patient.id, json: {} });
  const emptyValue = ok(empty) ? 'accept' : empty.status === 400 ? 'refuse' : undefined;
  findings.add(
    'empty-patch',
    `PATCH /patients/{id} with {}: ${answerOf(empty.status, empty.body)}`,
    emptyValue ? 'certain' : 'unclear',
    emptyValue ? { setting: { name: 'clinic.emptyPatch', value: emptyValue } } : {},
  );

  const finds = async (name: string) => {
    const answer = await t.send(key, 'GET', LISTS.patients, { query: { name } });
    return itemsOf(answer.body)?.some((p) => p.id === patient.id);
  };
  const tail = patient.name.slice(patient.name.indexOf('SDK'));
  const upper = tail.toUpperCase();
  const [asWritten, anyCase, noAccent] = [
    await finds(tail),
    await finds(upper),
    await finds(upper.replace('PROBE', 'PRÓBE')),
  ];
  if (asWritten !== true) {
    findings.add(
      'name-filter',
      'not seen: part of the name as written did not find the patient',
      'unobservable',
    );
  } else {
    const value = noAccent ? 'fold-case-and-accents' : anyCase ? 'fold-case' : 'case-sensitive';
    findings.add(
      'name-filter',
      `part of the name as written: found; in upper case: ${anyCase ? 'found' : 'not found'}; with an accent added: ${noAccent ? 'found' : 'not found'}`,
      'certain',
      { setting: { name: 'clinic.nameFilter', value } },
    );
  }

  const crossed = await t.sendRow(key, OPERATIONS.updatePatient, {
    id: patient.id,
    json: { name: patient.name },
    headers: { [IDEMPOTENCY_HEADER]: createKey },
  });
  const binding =
    crossed.status === 422 ? 'every-write' : ok(crossed) ? 'create-appointment' : undefined;
  findings.add(
    'key-binding',
    `the key of a POST /patients on PATCH /patients/{id}: ${answerOf(crossed.status, crossed.body)}`,
    binding ? 'certain' : 'unclear',
    binding ? { setting: { name: 'clinic.idempotencyBinding', value: binding } } : {},
  );
}

/** After the first appointment was confirmed: its key's replay (as created or as now), that key
 * on a read, and a PATCH with a member no operation accepts. `booked` gets an appointment made
 * by a service that did not replay. */
export async function probeAppointmentRules(
  ctx: ProbeContext,
  appointment: { id: string; body: Record<string, unknown>; key: string },
  booked: (id: unknown) => void,
): Promise<void> {
  const { t, key, findings } = ctx;
  const again = await t.sendRow(key, OPERATIONS.createAppointment, {
    json: appointment.body,
    headers: { [IDEMPOTENCY_HEADER]: appointment.key },
  });
  const replayed = ok(again) && record(again)?.id === appointment.id;
  if (ok(again) && !replayed) booked(record(again)?.id);
  const status = record(again)?.status;
  const body = status === 'confirmed' ? 'current' : status === 'scheduled' ? 'creation' : undefined;
  findings.add(
    'replay-body',
    replayed
      ? `a replay after the appointment was confirmed: status ${body === undefined ? 'other' : String(status)}, ${REPLAYED_HEADER}: ${again.headers.get(REPLAYED_HEADER) ?? 'absent'}`
      : `not seen: the repeat answered ${answerOf(again.status, again.body)}`,
    replayed && body ? 'certain' : replayed ? 'unclear' : 'unobservable',
    replayed && body ? { setting: { name: 'clinic.replayBody', value: body } } : {},
  );

  const read = await t.send(key, 'GET', LISTS.rooms, {
    headers: { [IDEMPOTENCY_HEADER]: appointment.key },
  });
  const onReads = read.status === 422 ? 'bind' : ok(read) ? 'ignore' : undefined;
  findings.add(
    'key-on-reads',
    `the key of a POST /appointments on GET /rooms: ${answerOf(read.status, read.body)}`,
    onReads ? 'certain' : 'unclear',
    onReads ? { setting: { name: 'clinic.idempotencyKeyOnReads', value: onReads } } : {},
  );

  const extra = await t.sendRow(key, OPERATIONS.updateAppointment, {
    id: appointment.id,
    json: { note: String(appointment.body.note), clinic_sdk_probe_member: true },
  });
  const members = extra.status === 400 ? 'refuse' : ok(extra) ? 'ignore' : undefined;
  findings.add(
    'unknown-members',
    `a PATCH with a member no operation accepts: ${answerOf(extra.status, extra.body)}`,
    members ? 'certain' : 'unclear',
    members ? { setting: { name: 'clinic.unknownBodyMembers', value: members } } : {},
  );
}
