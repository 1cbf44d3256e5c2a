/**
 * Throughput of the reference server: create + retrieve pairs per second (POST /appointments
 * with an Idempotency-Key, then GET /appointments/{id}), through `api.fetch` directly and
 * through MSW (`setupServer(...createHandlers(api))` + the global `fetch`). The figure is the median of
 * the rounds; the store grows across rounds, so it also shows that lookups do not scan.
 *
 * MSW's own interception costs far more than the server, so the MSW figure is compared with
 * the same pairs answered by a trivial MSW handler that returns a constant: the goal is that
 * the reference server keeps at least 80 % of that rate. The two run in interleaved rounds after
 * a warm-up round of each: run one after the other, the ratio depended on which ran first (0.79
 * in one order, above 1 with interleaving), so the order, not the server, was being measured.
 *
 * Run: `node bench/reference-server.ts` (or from `npm run bench`).
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../src/testing/adapters/msw.ts';
import { createReferenceServer } from '../src/testing/index.ts';
import { type BenchRow, median, printRows } from './lib.ts';

const BASE_URL = 'https://bench.clinic.test';
const ROUNDS = 7;
const PAIRS_PER_ROUND = 1_000;
const MSW_ROUNDS = 9;
const MSW_PAIRS_PER_ROUND = 300;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

function server() {
  const api = createReferenceServer({ baseUrl: BASE_URL, now: new Date('2026-03-02T12:00:00Z') });
  const apiKey = api.issueApiKey();
  // Every pair books the same slot: the throughput of the write path, not the overlap rule.
  api.settings.overlappingAppointments = 'allow';
  const room = api.seed.room({ name: 'Consultório 1' });
  const professional = api.seed.professional({ name: 'Dra. Helena', default_room_id: room.id });
  const type = api.seed.appointmentType({ name: 'Consulta' });
  const patient = api.seed.patient({ name: 'Ana Souza', cpf: '52998224725' });
  const body = JSON.stringify({
    patient_id: patient.id,
    professional_id: professional.id,
    appointment_type_id: type.id,
    start_at: '2026-03-05T14:30:00',
  });
  return { api, apiKey, body };
}

/** Pairs per second of each round. */
async function measure(
  fetch: Fetch,
  apiKey: string,
  body: string,
  rounds = ROUNDS,
  pairs = PAIRS_PER_ROUND,
): Promise<number[]> {
  const url = `${BASE_URL}/api/public/v1/appointments`;
  const auth = { authorization: `Bearer ${apiKey}` };
  const rates: number[] = [];
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < pairs; i++) {
      const created = await fetch(url, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `k-${n++}` },
        body,
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      const { id } = (await created.json()) as { id: string };
      const read = await fetch(`${url}/${id}`, { headers: auth });
      if (read.status !== 200) throw new Error(`retrieve answered ${read.status}`);
      await read.json();
    }
    rates.push(pairs / ((performance.now() - started) / 1000));
  }
  return rates;
}

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  const direct = server();
  const directRates = await measure(direct.api.fetch, direct.apiKey, direct.body);

  const globalFetch: Fetch = (input, init) => fetch(input, init);
  const viaMsw = server();
  const constant = {
    ...(
      await (
        await direct.api.fetch(`${BASE_URL}/api/public/v1/appointments`, {
          headers: { authorization: `Bearer ${direct.apiKey}` },
        })
      ).json()
    ).results[0],
  };
  // The floor MSW itself sets: handlers that answer at once with a stored appointment.
  const constantHandlers = [
    http.post(`${BASE_URL}/api/public/v1/appointments`, () =>
      HttpResponse.json(constant, { status: 201 }),
    ),
    http.get(`${BASE_URL}/api/public/v1/appointments/:id`, () => HttpResponse.json(constant)),
  ];
  const handlers = createHandlers(viaMsw.api);
  const msw = setupServer(...handlers);
  msw.listen();
  const mswRates: number[] = [];
  const baselineRates: number[] = [];
  try {
    // Interleaved rounds (reference, constant, reference...) after one warm-up round of each,
    // so that JIT warm-up and drift of the machine hit both alike.
    for (let round = -1; round < MSW_ROUNDS; round++) {
      msw.resetHandlers(...handlers);
      const [reference] = await measure(
        globalFetch,
        viaMsw.apiKey,
        viaMsw.body,
        1,
        MSW_PAIRS_PER_ROUND,
      );
      msw.resetHandlers(...constantHandlers);
      const [floor] = await measure(
        globalFetch,
        viaMsw.apiKey,
        viaMsw.body,
        1,
        MSW_PAIRS_PER_ROUND,
      );
      if (round < 0) continue;
      mswRates.push(reference!);
      baselineRates.push(floor!);
    }
  } finally {
    msw.close();
  }

  const how = `${ROUNDS} rounds × ${PAIRS_PER_ROUND} pairs, median round; the store grows to ${ROUNDS * PAIRS_PER_ROUND} appointments`;
  const mswHow = `${MSW_ROUNDS} interleaved rounds × ${MSW_PAIRS_PER_ROUND} pairs, median round`;
  const api = median(directRates);
  const withMsw = median(mswRates);
  const baseline = median(baselineRates);
  return [
    {
      name: 'reference server: create + retrieve pairs through api.fetch',
      value: api,
      unit: 'pairs/s',
      goal: '≥ 2,000 pairs/s',
      pass: api >= 2_000,
      note: how,
    },
    {
      name: 'reference server: create + retrieve pairs through MSW (setupServer + fetch)',
      value: withMsw,
      unit: 'pairs/s',
      goal: '≥ 0.80 × a constant MSW handler',
      pass: withMsw >= 0.8 * baseline,
      note: `${mswHow}; a constant MSW handler: ${baseline.toFixed(0)} pairs/s`,
    },
  ];
}

if (import.meta.main) printRows(await run());
