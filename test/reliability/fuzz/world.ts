import {
  type ClinicHandle,
  createReferenceServer,
  generateCpf,
  type ReferenceServer,
  SCOPES,
  type Scope,
} from '../../../src/testing/index.ts';
import { punctuate } from '../arbitraries.ts';
import { BASE_URL, NOW } from './routes.ts';

// --- the world: two clinics, their records, keys and a model of what exists ---------------

export interface KeyInfo {
  key: string;
  scopes: ReadonlySet<Scope>;
}

export interface ClinicWorld {
  id: number;
  handle: ClinicHandle;
  full: KeyInfo;
  scoped: KeyInfo[];
  revoked: string;
  /** Appointment ids that exist: seeded, and created by a 201 that was not a replay. */
  appointments: string[];
  /** Patient ids that exist. */
  patients: number[];
  /** The model of each patient's CPF (digits), from seeds and from the bodies of 2xx writes. */
  cpfOf: Map<number, string | null>;
  activePatients: number[];
  inactivePatients: number[];
  professionals: number[];
  bookable: number[];
  notBookable: number[];
  rooms: number[];
  inactiveRooms: number[];
  types: number[];
  activeTypes: number[];
  inactiveTypes: number[];
}

export interface World {
  api: ReferenceServer;
  clinics: [ClinicWorld, ClinicWorld];
  /** CPFs (digits) the requests draw from: seeded ones, fresh ones, shared between clinics. */
  cpfs: string[];
  /** Near-miss CPFs. */
  badCpfs: string[];
  /** Idempotency-Keys sent on writes so far, for reuse. */
  usedKeys: string[];
  /** Cursors taken from `next`/`previous` of list answers. */
  cursors: string[];
}

export function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const subset of [...all]) all.push([...subset, item]);
  return all;
}

export function seedClinic(
  api: ReferenceServer,
  id: number,
  sharedCpf: string | undefined,
): ClinicWorld {
  const handle = id === 1 ? api : api.clinic(id);
  const seed = handle.seed;
  const roomA = seed.room({ name: `Consultório ${id}A` });
  const roomB = seed.room({ name: `Consultório ${id}B` });
  const closed = seed.room({ name: `Sala antiga ${id}`, active: false });
  const p0 = seed.professional({ name: `Dra. Helena ${id}`, default_room_id: roomA.id });
  const p1 = seed.professional({ name: `Dr. Paulo ${id}`, specialty: 'Clínica geral' });
  const p2 = seed.professional({ name: `Recepção ${id}`, sees_patients: false });
  const p3 = seed.professional({ name: `Dr. Antigo ${id}`, active: false });
  const t0 = seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const t1 = seed.appointmentType({ name: 'Retorno', duration_minutes: 15 });
  const t2 = seed.appointmentType({ name: 'Antigo', active: false });
  const cpfs = [
    generateCpf(id * 10 + 1),
    generateCpf(id * 10 + 2),
    sharedCpf ?? generateCpf(id * 10 + 3),
  ];
  const patients = [
    seed.patient({ name: `Ana Souza ${id}`, phone: '11987654321', cpf: cpfs[0]! }),
    seed.patient({ name: `Bruno Lima ${id}`, cpf: punctuate(cpfs[1]!) }),
    seed.patient({ name: `Carla Dias ${id}`, cpf: cpfs[2]! }),
    seed.patient({ name: `Davi Rocha ${id}` }),
  ];
  const inactive = seed.patient({
    name: `Eva Antiga ${id}`,
    active: false,
    cpf: generateCpf(id * 10 + 4),
  });
  seed.blockedSlot({
    professional_id: p0.id,
    start_at: '2026-03-05T14:00:00',
    end_at: '2026-03-05T16:00:00',
  });
  const appointments = [
    seed.appointment({
      patient_id: patients[0]!.id,
      professional_id: p0.id,
      appointment_type_id: t0.id,
      start_at: '2026-03-04T10:00:00',
    }),
    seed.appointment({
      patient_id: patients[1]!.id,
      professional_id: p1.id,
      appointment_type_id: t1.id,
      start_at: '2026-03-04T11:00:00',
      status: 'confirmed',
      room_id: roomB.id,
    }),
    seed.appointment({
      patient_id: patients[2]!.id,
      professional_id: p0.id,
      appointment_type_id: t0.id,
      start_at: '2026-03-04T12:00:00',
      modality: 'telehealth',
    }),
    seed.appointment({
      patient_id: patients[3]!.id,
      professional_id: p1.id,
      appointment_type_id: t0.id,
      start_at: '2026-03-04T13:00:00',
      status: 'requested',
      origin: 'patient_booking',
    }),
    seed.appointment({
      patient_id: patients[0]!.id,
      professional_id: p1.id,
      appointment_type_id: t1.id,
      start_at: '2026-03-04T14:00:00',
      status: 'cancelled',
    }),
  ];
  if (id === 2) handle.settings.requireRoom = true;
  const keyOf = (scopes: readonly Scope[]): KeyInfo => ({
    key: handle.issueApiKey({ scopes }),
    scopes: new Set(scopes),
  });
  const revoked = handle.issueApiKey();
  api.revokeApiKey(revoked);
  const allPatients = [...patients, inactive];
  return {
    id,
    handle,
    full: { key: handle.issueApiKey({ preset: 'full_access' }), scopes: new Set(SCOPES) },
    scoped: [
      {
        key: handle.issueApiKey({ preset: 'read_only' }),
        scopes: new Set<Scope>(['appointments:read', 'patients:read']),
      },
      ...subsets(SCOPES).map(keyOf),
    ],
    revoked,
    appointments: appointments.map((a) => a.id),
    patients: allPatients.map((p) => p.id),
    cpfOf: new Map(allPatients.map((p) => [p.id, p.cpf])),
    activePatients: patients.map((p) => p.id),
    inactivePatients: [inactive.id],
    professionals: [p0.id, p1.id, p2.id, p3.id],
    bookable: [p0.id, p1.id],
    notBookable: [p2.id, p3.id],
    rooms: [roomA.id, roomB.id],
    inactiveRooms: [closed.id],
    types: [t0.id, t1.id, t2.id],
    activeTypes: [t0.id, t1.id],
    inactiveTypes: [t2.id],
  };
}

export function buildWorld(): World {
  // The model knows each patient's CPF digits, so the filter is asked to match on them.
  const api = createReferenceServer({
    baseUrl: BASE_URL,
    now: NOW,
    settings: { clinic: { patientFilters: 'normalised' } },
  });
  const first = seedClinic(api, 1, undefined);
  // Clinic 2 has a patient with the CPF of one of clinic 1's: uniqueness is per clinic.
  const second = seedClinic(api, 2, first.cpfOf.get(first.patients[0]!) ?? undefined);
  const seeded = [first, second].flatMap((c) => [...c.cpfOf.values()]).filter((c) => c !== null);
  const fresh = Array.from({ length: 6 }, (_, i) => generateCpf(900 + i));
  return {
    api,
    clinics: [first, second],
    cpfs: [...new Set([...seeded, ...fresh])],
    badCpfs: ['111.111.111-12', '123.456.789-00', '1234567890', 'abc.def.ghi-jk', '529.982.247-2S'],
    usedKeys: [],
    cursors: [],
  };
}
