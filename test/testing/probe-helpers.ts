/** A seeded reference server with random settings, for the probe's tests. */
import { OPERATION_ROWS } from '../../src/operations.ts';
import { AppointmentStatus } from '../../src/schemas/appointments.ts';
import { SCOPES, type Scope } from '../../src/schemas/scopes.ts';
import {
  createReferenceServer,
  type ProbeOptions,
  type ProbeResult,
  type ReferenceServer,
  runProbe,
} from '../../src/testing/index.ts';
import { PAGE_SIZE_CANDIDATES } from '../../src/testing/probe/read.ts';
import type { ProbeKey } from '../../src/testing/probe/transport.ts';
import {
  APPOINTMENT_FILTER_NAMES,
  type AppointmentFilter,
} from '../../src/testing/server/appointment-filters.ts';
import type { ClinicSettings } from '../../src/testing/server/clinic-settings.ts';

export const BASE_URL = 'https://clinic.test';

/** A day 200 days ahead. */
export function farDate(): string {
  return new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
}

/** A seeded PRNG (mulberry32), so a failing combination can be replayed by its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, values: readonly T[]): T =>
  values[Math.floor(r() * values.length)]!;

const ENVELOPE_LISTS = ['appointments', 'patients', 'professionals', 'appointmentTypes'] as const;

/** The settings issue 39 added that the probe observes. */
type Issue39 = Pick<
  ClinicSettings,
  | 'notChangeableCode'
  | 'patchAnswer'
  | 'cancelAnswer'
  | 'appointmentNote'
  | 'patientCreateStatus'
  | 'requiredPatientFields'
  | 'nameFilter'
  | 'phoneRule'
  | 'cpfRepeatedDigits'
  | 'emptyPatch'
  | 'unknownBodyMembers'
  | 'idempotencyBinding'
  | 'idempotencyKeyOnReads'
  | 'idempotencyErrorCode'
  | 'replayBody'
  | 'pageSizeAboveMax'
  | 'pageSizeInvalid'
  | 'invalidCursor'
> & { appointmentFilters: AppointmentFilter[] };

/** One combination of every setting the probe can observe. */
export interface Combination {
  listEnvelope: Record<(typeof ENVELOPE_LISTS)[number], 'envelope' | 'array'>;
  requestIdHeader: string | null;
  settings: Issue39 & {
    requireRoom: boolean;
    nullRoom: 'no-room' | 'default-room';
    idempotencyReplay: 'create-appointment' | 'every-write';
    overlappingAppointments: 'refuse' | 'allow';
    cancelBody: 'refuse' | 'ignore';
    jsonContentTypes: 'application/json' | 'json-suffix';
    changeableStatuses: AppointmentStatus[];
    patientFilters: 'exact' | 'normalised';
    pageSizeParam: string;
    operationScopes: Record<string, Scope | 'none'>;
  };
}

/** `scheduled` and `confirmed` stay changeable: the API books scheduled, PATCH confirms. */
export function randomCombination(r: () => number): Combination {
  const others = AppointmentStatus.options.filter((s) => s !== 'scheduled' && s !== 'confirmed');
  const answers = ['appointment', 'no-content', 'empty-object'] as const;
  return {
    listEnvelope: Object.fromEntries(
      ENVELOPE_LISTS.map((l) => [l, pick(r, ['envelope', 'array'] as const)]),
    ) as Combination['listEnvelope'],
    requestIdHeader: pick(r, [null, 'X-Request-Id', 'Request-Id']),
    settings: {
      notChangeableCode: pick(r, ['appointment_not_changeable', 'invalid_state']),
      patchAnswer: pick(r, answers),
      cancelAnswer: pick(r, answers),
      appointmentFilters: APPOINTMENT_FILTER_NAMES.filter(() => r() < 0.3),
      appointmentNote: pick(r, ['omit', 'include'] as const),
      patientCreateStatus: pick(r, [201, 200] as const),
      // Never cpf: the probe invents no CPF, and stops where one is required.
      requiredPatientFields: pick(r, [['name'], [], ['name', 'phone'], ['birth_date', 'gender']]),
      nameFilter: pick(r, ['case-sensitive', 'fold-case', 'fold-case-and-accents'] as const),
      phoneRule: pick(r, ['number', 'length'] as const),
      cpfRepeatedDigits: pick(r, ['accept', 'refuse'] as const),
      emptyPatch: pick(r, ['accept', 'refuse'] as const),
      unknownBodyMembers: pick(r, ['refuse', 'ignore'] as const),
      idempotencyBinding: pick(r, ['every-write', 'create-appointment'] as const),
      idempotencyKeyOnReads: pick(r, ['ignore', 'bind'] as const),
      idempotencyErrorCode: pick(r, ['idempotency_key_reused', 'idempotency_conflict']),
      replayBody: pick(r, ['creation', 'current'] as const),
      pageSizeAboveMax: pick(r, ['refuse', 'clamp'] as const),
      pageSizeInvalid: pick(r, ['refuse', 'default'] as const),
      invalidCursor: pick(r, [400, 404] as const),
      requireRoom: r() < 0.5,
      nullRoom: pick(r, ['no-room', 'default-room'] as const),
      idempotencyReplay: pick(r, ['create-appointment', 'every-write'] as const),
      overlappingAppointments: pick(r, ['refuse', 'allow'] as const),
      cancelBody: pick(r, ['refuse', 'ignore'] as const),
      jsonContentTypes: pick(r, ['application/json', 'json-suffix'] as const),
      changeableStatuses: ['scheduled', 'confirmed', ...others.filter(() => r() < 0.5)],
      patientFilters: pick(r, ['exact', 'normalised'] as const),
      pageSizeParam: pick(r, PAGE_SIZE_CANDIDATES),
      // Each operation whose scope the spec leaves open: its default, another scope or none.
      operationScopes: Object.fromEntries(
        OPERATION_ROWS.filter((row) => !row.scopeStated && r() < 0.5).map((row) => [
          row.name,
          pick(r, [...SCOPES, 'none'] as const),
        ]),
      ),
    },
  };
}

export interface Clinic {
  api: ReferenceServer;
  apiKey: string;
  /** One key per scope, and one with none, each declared. */
  scopedKeys: ProbeKey[];
  professionalId: number;
  appointmentTypeId: number;
}

/** A clinic with rooms, a professional with a default room, and appointments that differ. */
export function seededClinic(combination?: Combination): Clinic {
  const api = createReferenceServer({
    baseUrl: BASE_URL,
    ...(combination
      ? {
          settings: {
            listEnvelope: combination.listEnvelope,
            requestIdHeader: combination.requestIdHeader,
            clinic: combination.settings,
          },
        }
      : {}),
  });
  const rooms = ['Sala 1', 'Sala 2', 'Sala 3'].map((name) => api.seed.room({ name }));
  const withRoom = api.seed.professional({
    name: 'Dra. Helena Prado',
    default_room_id: rooms[0]!.id,
  });
  const other = api.seed.professional({ name: 'Dr. Caio Lima', specialty: 'Clínica' });
  const types = [30, 45].map((d, i) =>
    api.seed.appointmentType({ name: `Consulta ${i}`, duration_minutes: d }),
  );
  const patients = ['Ana Souza', 'Bruno Reis', 'Clara Dias'].map((name, i) =>
    api.seed.patient({ name, phone: `+55 11 9876${i}-4321` }),
  );
  const seedOne = (i: number, status: AppointmentStatus, modality: 'in_person' | 'telehealth') =>
    api.seed.appointment({
      patient_id: patients[i % 3]!.id,
      professional_id: (i % 2 ? other : withRoom).id,
      appointment_type_id: types[i % 2]!.id,
      start_at: `2026-0${(i % 8) + 1}-1${i % 9}T09:00:00`,
      status,
      modality,
      origin: i % 2 ? 'staff' : 'patient_booking',
      ...(i % 3 === 0 ? { room_id: rooms[1]!.id } : {}),
    });
  seedOne(0, 'scheduled', 'in_person');
  seedOne(1, 'confirmed', 'telehealth');
  seedOne(2, 'completed', 'in_person');
  seedOne(3, 'no_show', 'in_person');
  const scopedKeys: ProbeKey[] = [
    ...SCOPES.map((scope) => ({
      name: `KEY_${scope.replace(':', '_').toUpperCase()}`,
      apiKey: api.issueApiKey({ scopes: [scope] }),
      scopes: [scope],
    })),
    { name: 'KEY_NONE', apiKey: api.issueApiKey({ scopes: [] }), scopes: [] },
  ];
  return {
    api,
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    scopedKeys,
    professionalId: withRoom.id,
    appointmentTypeId: types[0]!.id,
  };
}

/** Runs the probe on `clinic` without pauses; `withWrites` books with its professional, 200 days ahead. */
export function probeClinic(
  clinic: Clinic,
  options: Partial<ProbeOptions> & { withWrites?: boolean } = {},
): Promise<ProbeResult> {
  const { withWrites, ...rest } = options;
  return runProbe({
    baseUrl: clinic.api.baseUrl,
    apiKey: clinic.apiKey,
    fetch: clinic.api.fetch,
    minIntervalMs: 0,
    ...(withWrites
      ? {
          writes: {
            professionalId: clinic.professionalId,
            appointmentTypeId: clinic.appointmentTypeId,
            date: farDate(),
            yes: true,
          },
        }
      : {}),
    ...rest,
  });
}
