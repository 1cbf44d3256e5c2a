/**
 * Error handling: every error the SDK throws is a ClinicError, with one class per case you act
 * on differently. `whatToDo` below is the kind of function an integration keeps in one place:
 * it turns an error into the next step, checking the most specific classes first.
 *
 * Runs against the reference server, which answers each case the way the spec says.
 *
 *   node examples/error-handling.ts
 */
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  IdempotencyKeyReuseError,
  NotFoundError,
  PatientCpfExistsError,
  PermissionDeniedError,
  RateLimitError,
  RoomRequiredError,
  SlotBlockedError,
  ValidationError,
} from '@clinic-scheduling/sdk';
import { createReferenceServer, generateCpf } from '@clinic-scheduling/sdk/testing';

/** The next step for an error of this SDK. Anything else is a bug: rethrow it. */
function whatToDo(error: unknown): string {
  if (!(error instanceof ClinicError)) throw error;
  if (error instanceof ValidationError) {
    // Nothing was sent. `fields` has the shape of the service's 400 body.
    return `fix the input: ${JSON.stringify(error.fields)}`;
  }
  if (error instanceof ConfigurationError) return `fix the configuration: ${error.message}`;
  if (error instanceof SlotBlockedError) return 'offer the patient another time';
  if (error instanceof RoomRequiredError) return 'ask for a room and pass room_id';
  if (error instanceof PatientCpfExistsError) return 'use the existing patient (list by cpf)';
  if (error instanceof IdempotencyKeyReuseError) return 'use a new key for a new request';
  if (error instanceof PermissionDeniedError) {
    return `create a key with scope ${error.requiredScope ?? '(see the message)'}`;
  }
  if (error instanceof AuthenticationError) return 'check CLINIC_API_KEY (unknown or revoked)';
  if (error instanceof NotFoundError) return 'the id is wrong or belongs to another clinic';
  if (error instanceof RateLimitError) return `wait ${error.retryAfterMs ?? 1000} ms, then retry`;
  if (error instanceof APIConnectionError) return 'no answer: retry later (create: same key)';
  if (error instanceof APIError) return `the service answered ${error.status}: ${error.message}`;
  return error.message;
}

/** Runs one case and prints the error's class, its status and code, and the next step. */
async function attempt(label: string, call: () => PromiseLike<unknown>): Promise<void> {
  try {
    await call();
    console.log(`${label}: no error`);
  } catch (error) {
    const status =
      error instanceof APIError ? ` ${error.status}${error.code ? ` ${error.code}` : ''}` : '';
    console.log(`${label}\n   ${(error as Error).name}${status} -> ${whatToDo(error)}`);
  }
}

const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
const patient = api.seed.patient({ name: 'Ana Souza', cpf: generateCpf(1) });
const helena = api.seed.professional({ name: 'Dra. Helena Prado' });
const type = api.seed.appointmentType({ name: 'Consulta' });
api.seed.blockedSlot({
  professional_id: helena.id,
  start_at: '2026-03-05T12:00:00',
  end_at: '2026-03-05T14:00:00',
});
const apiKey = api.issueApiKey({ preset: 'full_access' });
const clinic = new ClinicClient({ apiKey, baseUrl: api.baseUrl, fetch: api.fetch });
const booking = {
  patient_id: patient.id,
  professional_id: helena.id,
  appointment_type_id: type.id,
  start_at: '2026-03-05T10:00:00',
};

await attempt('an input that breaks the spec (checked before sending)', () =>
  clinic.appointments.create({
    ...booking,
    start_at: '2026-03-05T10:00:30',
    note: 'x'.repeat(2001),
  }),
);
await attempt(
  'a key pasted with "Bearer " in front',
  async () => new ClinicClient({ apiKey: `Bearer ${apiKey}`, baseUrl: api.baseUrl }),
);
await attempt('a time blocked in the agenda', () =>
  clinic.appointments.create({ ...booking, start_at: '2026-03-05T12:30:00' }),
);
await attempt('a clinic that requires a room, a professional with no default room', () => {
  api.settings.requireRoom = true;
  return clinic.appointments.create(booking).finally(() => {
    api.settings.requireRoom = false;
  });
});
await attempt('a CPF that another patient has', () =>
  clinic.patients.create({ name: 'Ana S. Souza', cpf: generateCpf(1) }),
);
await attempt('an appointment id that does not exist', () =>
  clinic.appointments.retrieve('00000000-0000-4000-8000-000000000000'),
);
const readOnly = clinic.withOptions({ apiKey: api.issueApiKey({ preset: 'read_only' }) });
await attempt('a Read only key that books', () => readOnly.appointments.create(booking));
const revokedKey = api.issueApiKey();
api.revokeApiKey(revokedKey);
await attempt('a revoked key', () => clinic.withOptions({ apiKey: revokedKey }).rooms.list());

// Errors the client retries first: with maxRetries 0 they surface at once.
const noRetries = clinic.withOptions({ maxRetries: 0 });
api.faults.inject({ path: '/api/public/v1/rooms', status: 429, headers: { 'retry-after': '2' } });
await attempt('too many requests', () => noRetries.rooms.list());
api.faults.inject({ path: '/api/public/v1/rooms', networkError: true });
await attempt('no answer at all', () => noRetries.rooms.list());
