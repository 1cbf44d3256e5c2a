/**
 * Prism's validation proxy (`prism proxy --errors`, a tool we did not write) between the SDK
 * and the command-line reference server (`dist/testing/cli.js --seed demo`): every request and
 * every answer must match docs/openapi.json, or Prism answers with its own error
 * (`application/problem+json`: 422 for a request, 500 for a response that breaks the document).
 *
 *   node .ci/contract/prism-check.ts [--requests 300] [--seed 20260302]
 *
 * 1. The SDK's end-to-end scenario through ClinicClient: reference data through pagination,
 *    a patient, a booking with its replay, a change, a cancel, and the typed errors the CLI
 *    server can produce (404, 401, 409 patient_cpf_exists, 409 appointment_not_changeable,
 *    422 idempotency_key_reused, 400 from a rule of the server).
 * 2. A share of the reference-server fuzz: `--requests` random requests that the document
 *    allows, each of a row of the operation table (ids known and unknown, a body drawn from
 *    its schema with optional fields in and out, Idempotency-Keys reused on purpose), from a
 *    fixed seed; it fails naming an operation that was never taken, so a new one is covered.
 * 3. The other way round: requests the document refuses are refused by the server too (Prism
 *    answers 422; the server, asked directly, answers 400).
 *
 * The client talks to the server's own base URL (so that its `next` links stay on the API's
 * origin), through a `fetch` that sends every request to Prism instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  ClinicClient,
  ConflictError,
  IdempotencyKeyReuseError,
  NotFoundError,
  PatientCpfExistsError,
} from '@clinic-scheduling/sdk';
import { generateCpf } from '@clinic-scheduling/sdk/testing';
import { OPERATION_ROWS, pathOf } from '../../src/operations.ts';
import { StartAt } from '../../src/schemas/fields/index.ts';
import { type Draw, drawBody, resourceOfRow } from '../../test/helpers/rows.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TOOLS = join(ROOT, '.ci', 'tools', 'node_modules');
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    seed: { type: 'string', default: '20260302' },
  },
});

const log = (line: string) => process.stdout.write(`prism: ${line}\n`);
const children: ChildProcess[] = [];

/** Starts a process and resolves with its output so far once `ready` matches it. */
function start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString('utf8');
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start in 60 s:\n${out}`)), 60_000);
    const check = () => {
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, out: () => out });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** mulberry32: a small seeded generator, so a failure is reproduced by its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** A violation Prism reported, as its problem+json body says. */
class Violation extends Error {}

async function main(): Promise<void> {
  const cli = await start(
    [join(ROOT, 'dist', 'testing', 'cli.js'), '--port', '0', '--seed', 'demo'],
    /CLINIC_API_KEY=\S+\n/,
  );
  const upstream = /CLINIC_BASE_URL=(\S+)/.exec(cli.out())![1]!;
  const apiKey = /CLINIC_API_KEY=(\S+)/.exec(cli.out())![1]!;
  const port = await freePort();
  const prism = await start(
    [
      join(TOOLS, '@stoplight', 'prism-cli', 'dist', 'index.js'),
      'proxy',
      '--errors',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      join(ROOT, 'docs', 'openapi.json'),
      upstream,
    ],
    /Prism is listening/,
  );
  const proxy = `http://127.0.0.1:${port}`;
  log(`reference server ${upstream} (dist/testing/cli.js), Prism proxy ${proxy} --errors`);

  // The origin of the server's own links: the client is configured with it, and every request
  // to it goes to Prism instead.
  const probe = await fetch(`${proxy}/api/public/v1/rooms?page_size=1`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const linkOrigin = new URL(((await probe.json()) as { next: string }).next).origin;
  const tally = new Map<string, number>();
  let requests = 0;
  const viaPrism: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== linkOrigin) throw new Error(`a request left the API: ${request.url}`);
    // The body as bytes (with its Content-Length): Prism's proxy does not forward a streamed one.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await fetch(`${proxy}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      ...(body ? { body } : {}),
    });
    requests++;
    const key = `${request.method} ${url.pathname.replace(/\/[0-9a-f-]{36}|\/\d+/g, '/{id}')} → ${response.status}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if ((response.headers.get('content-type') ?? '').startsWith('application/problem+json')) {
      throw new Violation(
        `Prism: ${request.method} ${url.pathname}${url.search} breaks docs/openapi.json:\n${await response.text()}`,
      );
    }
    return response;
  };
  const clinic = new ClinicClient({ apiKey, baseUrl: linkOrigin, fetch: viaPrism, maxRetries: 0 });

  // 1. The SDK's end-to-end scenario.
  const rooms = await clinic.rooms
    .list({}, { extraQuery: { page_size: 1 } })
    .toArray({ limit: 100 });
  const professionals = await clinic.professionals.list().toArray({ limit: 100 });
  const types = await clinic.appointmentTypes.list().toArray({ limit: 100 });
  await clinic.rooms.retrieve(rooms[0]!.id);
  await clinic.professionals.retrieve(professionals[0]!.id);
  await clinic.appointmentTypes.retrieve(types[0]!.id);
  const cpf = generateCpf(424_242);
  const patient = await clinic.patients.create({
    name: 'Fernanda Dias',
    phone: '11955554444',
    cpf,
  });
  await clinic.patients.retrieve(patient.id);
  for await (const p of clinic.patients.list({ name: 'Fernanda' })) void p;
  await expectError(clinic.patients.create({ name: 'Outra', cpf }), PatientCpfExistsError);
  const body = {
    patient_id: patient.id,
    professional_id:
      professionals.find((p) => p.name === 'Dra. Helena Prado')?.id ?? professionals[0]!.id,
    appointment_type_id: types[0]!.id,
    start_at: '2030-01-15T10:00:00',
    note: 'first visit',
  };
  const booked = await clinic.appointments.create(body).withResponse();
  const replay = await clinic.appointments
    .create(body, { idempotencyKey: booked.idempotencyKey })
    .withResponse();
  if (!replay.replayed || replay.data.id !== booked.data.id)
    throw new Error('no replay through Prism');
  await expectError(
    clinic.appointments.create(
      { ...body, note: 'other' },
      { idempotencyKey: booked.idempotencyKey },
    ),
    IdempotencyKeyReuseError,
  );
  const id = booked.data.id!;
  await clinic.appointments.retrieve(id);
  for await (const a of clinic.appointments.list()) void a;
  await clinic.appointments.update(id, { status: 'confirmed', room_id: rooms[1]!.id });
  await clinic.appointments.cancel(id);
  await expectError(clinic.appointments.cancel(id), ConflictError);
  await expectError(
    clinic.appointments.retrieve('00000000-0000-4000-8000-000000000000'),
    NotFoundError,
  );
  await expectError(clinic.patients.retrieve(999_999), NotFoundError);
  await expectError(clinic.appointments.create({ ...body, patient_id: 999_999 }), BadRequestError);
  const stranger = new ClinicClient({
    apiKey: 'csk_live_nobody.secret',
    baseUrl: linkOrigin,
    fetch: viaPrism,
    maxRetries: 0,
  });
  await expectError(stranger.rooms.list().toArray({ limit: 1 }), AuthenticationError);
  log(`end-to-end scenario: ${requests} requests, no violation`);

  // 2. A share of the fuzz: random requests the document allows.
  const before = requests;
  await fuzz(viaPrism, linkOrigin, apiKey, Number(values.requests), Number(values.seed), {
    patients: [patient.id],
    appointments: [id],
    professionals: professionals.map((p) => p.id),
    rooms: rooms.map((r) => r.id),
    types: types.map((t) => t.id),
  });
  log(`fuzz share: ${requests - before} random requests (seed ${values.seed}), no violation`);

  // 3. What the document refuses, the server refuses too.
  const refused = await refusals(proxy, upstream, apiKey, patient.id);
  log(`document refusals: ${refused} requests Prism refuses (422) are refused by the server (400)`);

  const warnings = prism
    .out()
    .split('\n')
    .filter((line) => /warning|Violation/i.test(line));
  if (warnings.length > 0) throw new Violation(`Prism logged:\n${warnings.join('\n')}`);
  log('answers by operation and status:');
  for (const [key, count] of [...tally].sort()) log(`  ${String(count).padStart(4)}  ${key}`);
  log(
    `${requests} requests through the validation proxy: no request or response breaks docs/openapi.json`,
  );
}

async function expectError(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => APIError | Error,
) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Violation) throw error;
    if (error instanceof type) return;
    throw new Error(`expected ${type.name}, got ${String(error)}`);
  }
  throw new Error(`expected ${type.name}, got success`);
}

interface Known {
  patients: number[];
  appointments: string[];
  professionals: number[];
  rooms: number[];
  types: number[];
}

async function fuzz(
  send: typeof fetch,
  origin: string,
  apiKey: string,
  count: number,
  seed: number,
  known: Known,
): Promise<void> {
  const rnd = random(seed);
  const api = `${origin}/api/public/v1`;
  const keys = ['fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3'];
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: rnd.chance(0.05) ? 'Bearer csk_live_bad.key' : `Bearer ${apiKey}`,
    ...extra,
  });
  const write = (method: string, url: string, body?: unknown) => {
    const extra: Record<string, string> = {};
    // Now and then a key of a small pool (replays and 422s), else a new one or none.
    if (rnd.chance(0.3))
      extra['idempotency-key'] = rnd.chance(0.4) ? rnd.pick(keys) : crypto.randomUUID();
    if (body !== undefined) extra['content-type'] = 'application/json';
    return send(url, {
      method,
      headers: headers(extra),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  /** The ids of each resource's records a request may name (path ids and `<resource>_id`). */
  const pools: Record<string, (number | string)[]> = {
    patients: known.patients,
    appointments: known.appointments,
    professionals: known.professionals,
    rooms: known.rooms,
    'appointment-types': known.types,
  };
  const idOf = (resource: string) => {
    const pool = pools[resource];
    if (!pool) throw new Error(`the fuzz share knows no records of ${resource}`);
    if (rnd.chance(0.8) && pool.length) return rnd.pick(pool);
    return resource === 'appointments' ? crypto.randomUUID() : rnd.int(1, 99_999);
  };
  // A start in the CLI server's future (its clock is the real one), else the field's values.
  const minute = () => {
    const day = rnd.int(1, 28).toString().padStart(2, '0');
    const hour = rnd.int(7, 18).toString().padStart(2, '0');
    const zone = rnd.pick(['', '-03:00', 'Z', '+00:00']);
    return `2031-0${rnd.int(1, 9)}-${day}T${hour}:${rnd.pick(['00', '15', '30', '45'])}:00${zone}`;
  };
  const draw: Draw = {
    rng: rnd.next,
    record: idOf,
    values: new Map([[StartAt, minute]]),
  };
  // Every operation of the table, each request a row: its path on known (or unknown) ids, a
  // valid body drawn from its schema (optional fields in and out, null where nullable).
  const taken = new Map(OPERATION_ROWS.map((row) => [row.name, 0]));
  for (let i = 0; i < count; i++) {
    const row = rnd.pick(OPERATION_ROWS);
    const resource = resourceOfRow(row);
    let url = `${api}${pathOf(row, row.id ? idOf(resource) : undefined)}`;
    if (row.kind === 'list' && rnd.chance(0.5)) url += `?page_size=${rnd.int(1, 100)}`;
    const response =
      row.method === 'GET'
        ? await send(url, { headers: headers() })
        : await write(
            row.method,
            url,
            row.input && drawBody(row.input, draw, { optional: 0.5, nulls: 0.2 }),
          );
    if (response.ok) {
      taken.set(row.name, taken.get(row.name)! + 1);
      // A create's record joins its resource's pool.
      if (row.method === 'POST' && !row.id) {
        pools[resource]!.push(((await response.clone().json()) as { id: number | string }).id);
      }
    }
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
  }
  const never = [...taken].filter(([, n]) => n === 0).map(([name]) => name);
  if (never.length > 0 && count >= 300) {
    throw new Error(`the fuzz share never had these operations taken (2xx): ${never.join(', ')}`);
  }
}

/** Requests the document refuses: Prism must answer 422, and the server alone a 400. */
async function refusals(
  proxy: string,
  upstream: string,
  apiKey: string,
  patientId: number,
): Promise<number> {
  const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const cases: Array<[method: string, path: string, body?: unknown]> = [
    ['POST', '/patients', { name: '' }],
    ['POST', '/patients', { name: 'A', gender: 'X' }],
    ['POST', '/patients', { name: 'A', unknown_field: 1 }],
    ['POST', '/patients', { phone: '11999999999' }],
    ['PATCH', `/patients/${patientId}`, { name: 'x'.repeat(256) }],
    [
      'POST',
      '/appointments',
      {
        patient_id: patientId,
        professional_id: 1,
        appointment_type_id: 1,
        start_at: '2031-01-01T10:00:15',
      },
    ],
    [
      'POST',
      '/appointments',
      {
        patient_id: patientId,
        professional_id: 1,
        appointment_type_id: 1,
        start_at: '2031-01-01T10:00:00',
        note: 'n'.repeat(2001),
      },
    ],
    [
      'POST',
      '/appointments',
      {
        patient_id: 0,
        professional_id: 1,
        appointment_type_id: 1,
        start_at: '2031-01-01T10:00:00',
      },
    ],
    ['PATCH', '/appointments/00000000-0000-4000-8000-000000000000', { status: 'cancelled' }],
    ['GET', '/rooms?page_size=101'],
    ['GET', '/rooms?page_size=0'],
  ];
  for (const [method, path, body] of cases) {
    const init = {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const viaPrism = await fetch(`${proxy}/api/public/v1${path}`, init);
    const direct = await fetch(`${upstream}/api/public/v1${path}`, init);
    const text = await viaPrism.text();
    await direct.arrayBuffer();
    if (viaPrism.status !== 422 || !text.includes('UNPROCESSABLE_ENTITY')) {
      throw new Error(
        `Prism let ${method} ${path} through (${viaPrism.status}): the document is looser than the server`,
      );
    }
    // A refusal the document states must be one the server makes: 400, or 404 for an
    // appointment that does not exist (checked before its body).
    if (direct.status !== 400 && direct.status !== 404) {
      throw new Error(
        `${method} ${path}: the document refuses it, the server answered ${direct.status}`,
      );
    }
  }
  return cases.length;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`prism: FAILED ${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
}
