/**
 * Chaos through the client (issue 7; spec 4.4 Idempotency-Key; public-api.md "Retries,
 * idempotency, timeouts"): a thousand logical `appointments.create` calls through
 * `ClinicClient({ fetch: api.fetch, maxRetries: 3 })`, each preceded by a random run of faults
 * on `POST /appointments`: the response lost after the commit, network errors, 503, 429 with
 * `Retry-After: 0` (or none), slow answers and answers slower than the per-attempt timeout,
 * sometimes more in a row than the retries allow.
 *
 * An independent model of the retry policy says, from each run of faults alone, how many
 * attempts the call makes, whether it succeeds (and whether by a replay), which typed error it
 * ends with otherwise, and whether the service committed the appointment. The test checks each
 * call against it, then the state: exactly one appointment per successful create, none
 * duplicated, none for a failed create that never committed, exactly one for a failed create
 * whose commit was lost ("committed but unknown to the caller", the honest outcome when the
 * retries run out), one `appointment.created` event per appointment. Finally, each failed
 * create whose caller chose its Idempotency-Key is sent again with that key: a committed one
 * replays, the others are created, and every such logical create ends with exactly one
 * appointment.
 *
 * Backoff and timeouts run on vitest's fake timers, advanced to the next timer whenever the
 * call waits on one, so a thousand calls with real 0.5-2 s backoffs take seconds.
 *
 * A long suite (`npm run test:long`, not `npm test`), with a fixed seed; `CHAOS_SEED=random
 * CHAOS_CREATES=5000` for more (docs/reliability.md).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type Appointment,
  ClinicClient,
  ClinicError,
  InternalServerError,
  RateLimitError,
} from '../../src/index.ts';
import { createReferenceServer, type FaultSpec } from '../../src/testing/index.ts';
import { describeSettings, printReproductionOnFailure, runSettings } from './settings.ts';

const settings = runSettings('CHAOS_SEED', 'CHAOS_CREATES', { seed: 4_040_404, runs: 1_000 });
const FILE = 'test/reliability/chaos.test.ts';

const BASE_URL = 'https://clinic.test';
const CREATE_PATH = '/api/public/v1/appointments';
const MAX_RETRIES = 3;
const TIMEOUT_MS = 10_000;
/** 08:00 in São Paulo (-03:00, no daylight-saving time in 2026) on 2026-04-01. */
const FIRST_START = Date.UTC(2026, 3, 1, 11, 0);

// --- the faults and the model of the retry policy ------------------------------------------

type FaultKind = 'lose' | 'network' | '503' | '429' | 'slow' | 'timeout';

interface PlannedFault {
  kind: FaultKind;
  /** Milliseconds the server waits before doing what the fault says. */
  delayMs: number;
  /** Whether a 503 or 429 carries `Retry-After: 0`. */
  retryAfterZero: boolean;
}

interface CreatePlan {
  /** Faults for the attempts in order: attempt n meets fault n, or none when the list is out. */
  faults: PlannedFault[];
  /** Whether the caller passes its own Idempotency-Key (and so can retry later). */
  callerKey: boolean;
}

const fault = (
  kind: FaultKind,
  delayMs: fc.Arbitrary<number>,
  retryAfterZero: fc.Arbitrary<boolean>,
) => fc.record({ kind: fc.constant(kind), delayMs, retryAfterZero });

const faultArb: fc.Arbitrary<PlannedFault> = fc.oneof(
  {
    weight: 3,
    arbitrary: fault(
      'lose',
      fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
      fc.constant(false),
    ),
  },
  { weight: 2, arbitrary: fault('network', fc.constant(0), fc.constant(false)) },
  { weight: 2, arbitrary: fault('503', fc.constant(0), fc.boolean()) },
  {
    weight: 2,
    arbitrary: fault(
      '429',
      fc.constant(0),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    ),
  },
  { weight: 2, arbitrary: fault('slow', fc.integer({ min: 1, max: 200 }), fc.constant(false)) },
  {
    weight: 1,
    arbitrary: fault(
      'timeout',
      fc.integer({ min: TIMEOUT_MS + 1, max: TIMEOUT_MS + 5_000 }),
      fc.constant(false),
    ),
  },
);

const planArb: fc.Arbitrary<CreatePlan> = fc.record({
  faults: fc.array(faultArb, { maxLength: 6 }),
  callerKey: fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
});

function faultSpec(planned: PlannedFault): FaultSpec {
  const base: FaultSpec = { method: 'POST', path: CREATE_PATH, times: 1 };
  if (planned.delayMs > 0) base.delayMs = planned.delayMs;
  const retryAfter = planned.retryAfterZero ? { 'retry-after': '0' } : undefined;
  switch (planned.kind) {
    case 'lose':
      return { ...base, loseResponse: true };
    case 'network':
      return { ...base, networkError: true };
    case '503':
      return {
        ...base,
        status: 503,
        body: { detail: 'Service unavailable (chaos)' },
        ...(retryAfter && { headers: retryAfter }),
      };
    case '429':
      return {
        ...base,
        status: 429,
        body: { detail: 'Too many requests (chaos)' },
        ...(retryAfter && { headers: retryAfter }),
      };
    default:
      // slow and timeout: only the delay; a timeout is a delay longer than the attempt may last.
      return base;
  }
}

type ErrorKind = 'connection' | 'timeout' | 'server' | 'rate-limit';

interface Expected {
  attempts: number;
  /** Whether the service created the appointment (once, whatever the attempts). */
  committed: boolean;
  success: boolean;
  /** On success: whether the answer is a replay of an earlier, lost commit. */
  replayed: boolean;
  /** On failure: the typed error the caller sees. */
  error: ErrorKind | undefined;
}

/**
 * The retry policy of public-api.md, written apart from the client: POST /appointments is
 * retried on connection errors, timeouts, 429 and 5xx, at most `MAX_RETRIES` times, with the same
 * key; the service commits on an attempt that reaches it, and replays afterwards.
 */
function expectedOf(plan: CreatePlan): Expected {
  let committed = false;
  let last: ErrorKind = 'connection';
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    const planned = plan.faults[attempt];
    if (planned === undefined || planned.kind === 'slow') {
      return {
        attempts: attempt + 1,
        committed: true,
        success: true,
        replayed: committed,
        error: undefined,
      };
    }
    if (planned.kind === 'lose') committed = true;
    last = {
      lose: 'connection',
      network: 'connection',
      timeout: 'timeout',
      '503': 'server',
      '429': 'rate-limit',
    }[planned.kind] as ErrorKind;
  }
  return { attempts: MAX_RETRIES + 1, committed, success: false, replayed: false, error: last };
}

function expectErrorOf(kind: ErrorKind, error: unknown): void {
  expect(error, 'every failure is a typed ClinicError').toBeInstanceOf(ClinicError);
  switch (kind) {
    case 'connection':
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
      break;
    case 'timeout':
      expect(error).toBeInstanceOf(APIConnectionTimeoutError);
      break;
    case 'server':
      expect(error).toBeInstanceOf(InternalServerError);
      expect((error as InternalServerError).status).toBe(503);
      break;
    default:
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).status).toBe(429);
  }
}

// --- driving a call on fake timers -----------------------------------------------------------

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Lets everything that does not wait on a timer run: microtasks and a few real event-loop turns. */
async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Runs `call` to completion: whenever it waits and only a timer can wake it (a backoff, a
 * fault's delay, an attempt's timeout), the fake clock jumps to that timer.
 */
async function drive<T>(call: Promise<T>): Promise<Settled<T>> {
  let outcome: Settled<T> | undefined;
  call.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  for (let jumps = 0; ; jumps++) {
    await flush();
    if (outcome) return outcome;
    if (vi.getTimerCount() === 0) throw new Error('the call waits on nothing and has not settled');
    if (jumps > 100) throw new Error('the call did not settle after 100 timers');
    await vi.advanceTimersToNextTimerAsync();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

// --- the run -------------------------------------------------------------------------------

interface Outcome {
  index: number;
  plan: CreatePlan;
  expected: Expected;
  startAt: string;
  body: {
    patient_id: number;
    professional_id: number;
    appointment_type_id: number;
    start_at: string;
    note: string;
  };
  key: string;
  result: Settled<{ data: Appointment; replayed: boolean; idempotencyKey: string | undefined }>;
}

/** `YYYY-MM-DDThh:mm:00-03:00`, as the reference server writes São Paulo instants in 2026. */
function saoPaulo(ms: number): string {
  return `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 16)}:00-03:00`;
}

describe('chaos: creates through the client under random faults', () => {
  it(`${settings.runs} logical creates: each succeeds or fails typed, exactly one appointment per commit (${describeSettings(settings)})`, async () => {
    printReproductionOnFailure(settings, FILE);
    const where = (o: Outcome) =>
      `create #${o.index} (${describeSettings(settings)}), faults ${JSON.stringify(o.plan.faults)}`;

    const api = createReferenceServer({ baseUrl: BASE_URL, now: new Date('2026-03-02T12:00:00Z') });
    const apiKey = api.issueApiKey({ preset: 'full_access' });
    const room = api.seed.room({ name: 'Consultório 1' });
    const professional = api.seed.professional({
      name: 'Dra. Helena Prado',
      default_room_id: room.id,
    });
    const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 15 });
    const patients = Array.from({ length: 10 }, (_, i) =>
      api.seed.patient({ name: `Paciente ${i + 1}` }),
    );
    const client = new ClinicClient({
      apiKey,
      baseUrl: BASE_URL,
      fetch: api.fetch,
      maxRetries: MAX_RETRIES,
      timeout: TIMEOUT_MS,
      logLevel: 'off',
    });

    const plans = fc.sample(planArb, { seed: settings.seed, numRuns: settings.runs });
    const outcomes: Outcome[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (const [index, plan] of plans.entries()) {
      const startAt = saoPaulo(FIRST_START + index * 15 * 60_000);
      const body = {
        patient_id: patients[index % patients.length]!.id,
        professional_id: professional.id,
        appointment_type_id: type.id,
        start_at: startAt,
        note: `chaos ${settings.seed} #${index}`,
      };
      const callerKey = plan.callerKey ? `chaos-${settings.seed}-${index}` : undefined;
      const injected = plan.faults.map((f) => api.faults.inject(faultSpec(f)));
      const before = api.requests.length;
      const result = await drive(
        client.appointments
          .create(body, callerKey ? { idempotencyKey: callerKey } : {})
          .withResponse(),
      );
      api.faults.clear();
      const attempts = api.requests.slice(before);
      const outcome: Outcome = {
        index,
        plan,
        expected: expectedOf(plan),
        startAt,
        body,
        key: attempts[0]?.headers['idempotency-key'] ?? '',
        result,
      };
      outcomes.push(outcome);

      const { expected } = outcome;
      expect(attempts.length, `${where(outcome)}: attempts`).toBe(expected.attempts);
      expect(
        attempts.every((a) => a.method === 'POST' && a.path === CREATE_PATH),
        `${where(outcome)}: every attempt is the create`,
      ).toBe(true);
      expect(
        new Set(attempts.map((a) => a.headers['idempotency-key'])).size,
        `${where(outcome)}: one key for all attempts`,
      ).toBe(1);
      if (callerKey) expect(outcome.key).toBe(callerKey);
      expect(injected.map((f) => f.hits)).toEqual(
        plan.faults.map((_, i) => (i < expected.attempts ? 1 : 0)),
      );
      if (expected.success) {
        if (!result.ok)
          throw new Error(`${where(outcome)}: expected success, got ${String(result.error)}`, {
            cause: result.error,
          });
        expect(result.value.replayed, `${where(outcome)}: replayed`).toBe(expected.replayed);
        expect(result.value.idempotencyKey).toBe(outcome.key);
        expect(result.value.data.start_at).toBe(startAt);
        expect(result.value.data.status).toBe('scheduled');
      } else {
        if (result.ok) throw new Error(`${where(outcome)}: expected a typed error, got success`);
        try {
          expectErrorOf(expected.error!, result.error);
        } catch (error) {
          throw new Error(
            `${where(outcome)}: ${(error as Error).message} (got ${String(result.error)})`,
            { cause: error },
          );
        }
      }
    }
    vi.useRealTimers();

    // --- the state after the chaos, read through the API
    const reader = new ClinicClient({
      apiKey,
      baseUrl: BASE_URL,
      fetch: api.fetch,
      logLevel: 'off',
    });
    const readAll = async () => {
      const all: Appointment[] = [];
      for await (const a of reader.appointments.list({}, { extraQuery: { page_size: 100 } }))
        all.push(a);
      return all;
    };
    const countByStart = (all: Appointment[]) => {
      const counts = new Map<string, Appointment[]>();
      for (const a of all) counts.set(a.start_at, [...(counts.get(a.start_at) ?? []), a]);
      return counts;
    };
    const afterChaos = await readAll();
    expect(new Set(afterChaos.map((a) => a.id)).size, 'an appointment listed twice').toBe(
      afterChaos.length,
    );
    const byStart = countByStart(afterChaos);
    const starts = new Set(outcomes.map((o) => o.startAt));
    for (const start of byStart.keys())
      expect(starts.has(start), `an appointment no create asked for: ${start}`).toBe(true);
    for (const o of outcomes) {
      const found = byStart.get(o.startAt) ?? [];
      expect(found.length, `${where(o)}: appointments after the chaos`).toBe(
        o.expected.committed ? 1 : 0,
      );
      if (o.result.ok)
        expect(found[0]!.id, `${where(o)}: the answer is the stored appointment`).toBe(
          o.result.value.data.id,
        );
    }
    const created = api.events.filter((e) => e.type === 'appointment.created');
    expect(created.length, 'one appointment.created event per appointment, none for a replay').toBe(
      afterChaos.length,
    );

    // --- closing the gap: a failed create is sent again with the caller's key
    let replayedAfter = 0;
    let createdAfter = 0;
    for (const o of outcomes) {
      if (o.result.ok || !o.plan.callerKey) continue;
      const again = await client.appointments
        .create(o.body, { idempotencyKey: o.key })
        .withResponse();
      expect(again.replayed, `${where(o)}: sent again with its key`).toBe(o.expected.committed);
      if (again.replayed) replayedAfter++;
      else createdAfter++;
    }
    const afterRetry = countByStart(await readAll());
    for (const o of outcomes) {
      const found = afterRetry.get(o.startAt)?.length ?? 0;
      const settled = o.result.ok || o.plan.callerKey;
      // A failed create without the caller's key stays as the chaos left it: nobody can retry it.
      expect(found, `${where(o)}: appointments at the end`).toBe(
        settled ? 1 : o.expected.committed ? 1 : 0,
      );
    }

    // --- the run met every case, so the checks above were exercised
    const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
    const summary = {
      succeeded: count((o) => o.result.ok),
      succeededAfterRetries: count((o) => o.result.ok && o.expected.attempts > 1),
      succeededByReplay: count((o) => o.result.ok && o.expected.replayed),
      failedConnection: count((o) => !o.result.ok && o.expected.error === 'connection'),
      failedTimeout: count((o) => !o.result.ok && o.expected.error === 'timeout'),
      failed503: count((o) => !o.result.ok && o.expected.error === 'server'),
      failed429: count((o) => !o.result.ok && o.expected.error === 'rate-limit'),
      committedButUnknownToCaller: count((o) => !o.result.ok && o.expected.committed),
      replayedWhenSentAgain: replayedAfter,
      createdWhenSentAgain: createdAfter,
      committedUnknownWithoutCallerKey: count(
        (o) => !o.result.ok && o.expected.committed && !o.plan.callerKey,
      ),
      appointments: afterChaos.length,
    };
    if (settings.verbose)
      console.info(`[reliability] chaos ${describeSettings(settings)}: ${JSON.stringify(summary)}`);
    if (settings.runs >= 1_000) {
      for (const [name, value] of Object.entries(summary)) {
        expect(value, `no case "${name}" in ${settings.runs} creates`).toBeGreaterThan(0);
      }
    }
  });
});
