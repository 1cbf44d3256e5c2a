/** `seed: 'demo'`: a small realistic clinic, and `generateCpf` for seeds and test bodies. @module */
import { cpfCheckDigits } from '../../schemas/fields/index.ts';
import { formatClinicInstant } from '../server/time.ts';
import type { SeedHelpers } from './types.ts';

/** A valid 11-digit CPF, deterministic for a given `n` and random without it. */
export function generateCpf(n?: number): string {
  let base =
    n === undefined
      ? String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000)
      : String((123_456_789 + Math.trunc(Math.abs(n)) * 7_654_321) % 1_000_000_000);
  base = base.padStart(9, '0');
  if (/^(\d)\1{8}$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}`;
  const digits = [...base].map(Number);
  digits.push(...cpfCheckDigits(digits));
  return digits.join('');
}

function clinicDate(now: number, days: number): string {
  return formatClinicInstant(now + days * 86_400_000).slice(0, 10);
}

/** Seeds a small clinic with one record of each awkward kind and a blocked lunch slot. */
export function seedDemo(seed: SeedHelpers, now: number): void {
  const room1 = seed.room({ name: 'Consultório 1' });
  const room2 = seed.room({ name: 'Consultório 2' });
  seed.room({ name: 'Sala de Procedimentos' });
  seed.room({ name: 'Consultório 3', active: false });

  const helena = seed.professional({
    name: 'Dra. Helena Prado',
    specialty: 'Cardiologia',
    default_room_id: room1.id,
  });
  const marcos = seed.professional({
    name: 'Dr. Marcos Teixeira',
    specialty: 'Dermatologia',
    default_room_id: room2.id,
  });
  const beatriz = seed.professional({ name: 'Dra. Beatriz Ramos', specialty: 'Pediatria' });
  seed.professional({ name: 'Juliana Alves', specialty: null, sees_patients: false });
  seed.professional({ name: 'Dr. Paulo Menezes', specialty: 'Ortopedia', active: false });

  const consulta = seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const retorno = seed.appointmentType({ name: 'Retorno', duration_minutes: 20 });
  seed.appointmentType({ name: 'Procedimento', duration_minutes: 60 });
  seed.appointmentType({ name: 'Avaliação inicial', duration_minutes: 45, active: false });

  const ana = seed.patient({
    name: 'Ana Souza',
    phone: '11987654321',
    cpf: generateCpf(1),
    email: 'ana.souza@example.com',
    birth_date: '1988-04-12',
    gender: 'F',
  });
  const bruno = seed.patient({
    name: 'Bruno Lima',
    phone: '21998765432',
    cpf: generateCpf(2),
    birth_date: '1975-09-30',
    gender: 'M',
  });
  const carla = seed.patient({ name: 'Carla Mendes', phone: '31991234567', cpf: generateCpf(3) });
  seed.patient({ name: 'Diego Santos', cpf: generateCpf(4), active: false });
  seed.patient({ name: 'Elisa Rocha', phone: '+5511912345678' });

  const tomorrow = clinicDate(now, 1);
  const later = clinicDate(now, 2);
  seed.appointment({
    patient_id: ana.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T09:00:00`,
  });
  seed.appointment({
    patient_id: bruno.id,
    professional_id: marcos.id,
    appointment_type_id: retorno.id,
    start_at: `${tomorrow}T10:00:00`,
    status: 'confirmed',
    origin: 'patient_booking',
  });
  seed.appointment({
    patient_id: carla.id,
    professional_id: beatriz.id,
    appointment_type_id: consulta.id,
    start_at: `${later}T15:00:00`,
    modality: 'telehealth',
  });
  seed.appointment({
    patient_id: carla.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${later}T16:00:00`,
    status: 'requested',
    origin: 'patient_booking',
  });
  seed.blockedSlot({
    professional_id: helena.id,
    start_at: `${tomorrow}T12:00:00`,
    end_at: `${tomorrow}T14:00:00`,
  });
}
