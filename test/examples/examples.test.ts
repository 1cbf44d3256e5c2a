/**
 * Every example runs as a user runs it (`node examples/<file>`) and prints what it promises.
 * examples/testing-with-msw.test.ts is a vitest file and runs as part of the suite itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createReferenceServer,
  type ReferenceServer,
  referenceServerListener,
} from '../../src/testing/index.ts';
import { assertBuilt, ROOT, runExample } from './run.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

beforeAll(assertBuilt);

describe('examples/quickstart.ts (npm run demo)', () => {
  test('with no configuration: the walk through against the embedded reference server', async () => {
    const { code, stdout, stderr } = await runExample('quickstart.ts');
    expect(stderr).toBe('');
    expect(code).toBe(0);

    expect(stdout).toMatch(/^1\. Create a patient\n {3}patient \d+: Marina Costa, active: true$/m);
    const id = new RegExp(`^ {3}appointment (${UUID})$`, 'm').exec(stdout)?.[1];
    expect(id).toBeDefined();
    expect(stdout).toMatch(
      /^ {3}\d{4}-\d\d-\d\d 10:30 {2}scheduled {3}Dra\. Helena Prado {5}Consultório 1 {3}Marina Costa$/m,
    );
    const key = new RegExp(`^ {3}Idempotency-Key: (${UUID}) {2}replayed: false$`, 'm').exec(
      stdout,
    )?.[1];
    expect(key).toBeDefined();
    expect(stdout).toContain(
      `the same call again with that key: appointment ${id}, replayed: true`,
    );

    // for await lists the four seeded appointments and the new one
    const listed = stdout.split('3. List appointments')[1]!.split('4. Confirm')[0]!;
    expect(listed.trim().split('\n').slice(1)).toHaveLength(5);
    expect(listed).toMatch(/ telehealth {6}Carla Mendes/);
    expect(listed).toMatch(/10:30 {2}scheduled .* Marina Costa/);

    expect(stdout).toMatch(/^4\. Confirm it\n {3}status: confirmed$/m);
    expect(stdout).toMatch(/^5\. Cancel it\n {3}status: cancelled$/m);
    expect(stdout).toMatch(
      /^ {3}SlotBlockedError: 409 slot_blocked \(POST \/api\/public\/v1\/appointments\)$/m,
    );
    // short and readable: no JSON dumps, no key
    expect(stdout.split('\n').length).toBeLessThan(40);
    expect(stdout).not.toMatch(/[{}]/);
    expect(stdout).not.toMatch(/_live_/);
  });

  describe('with CLINIC_BASE_URL and CLINIC_API_KEY: read-only calls against that service', () => {
    let http: Server;
    let api: ReferenceServer;
    let baseUrl: string;

    beforeAll(async () => {
      http = createServer();
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      api = createReferenceServer({ baseUrl, seed: 'demo' });
      http.on('request', referenceServerListener(api));
    });
    afterAll(async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    });

    test('lists professionals, rooms, types and the first page of appointments; writes nothing', async () => {
      const key = api.issueApiKey({ preset: 'read_only' });
      const before = api.requests.length;
      const { code, stdout, stderr } = await runExample('quickstart.ts', {
        env: { CLINIC_BASE_URL: baseUrl, CLINIC_API_KEY: key },
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain(`Read-only calls against ${baseUrl}`);
      expect(stdout).toMatch(
        /^Professionals \(first page: 5\)\n {4,}1 {2}Dra\. Helena Prado, Cardiologia$/m,
      );
      expect(stdout).toMatch(/^Rooms \(first page: 3\)$/m);
      expect(stdout).toContain('Sala de Procedimentos');
      expect(stdout).toMatch(/^Appointment types \(first page: 4\)$/m);
      expect(stdout).toMatch(/^Appointments \(first page: 4; more pages: no\)$/m);
      expect(stdout.match(new RegExp(`^ {3}${UUID} {2}\\d{4}-`, 'gm'))).toHaveLength(4);

      const sent = api.requests.slice(before);
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/public/v1/professionals',
        'GET /api/public/v1/rooms',
        'GET /api/public/v1/appointment-types',
        'GET /api/public/v1/appointments',
      ]);
      // the key is never printed, nor are patient names (health data)
      expect(stdout + stderr).not.toContain(key.split('.')[1]);
      expect(stdout).not.toMatch(/Ana Souza|Bruno Lima|Carla Mendes/);
    });

    test('a key the service refuses: exit 1 with the 401 explained, the key not shown', async () => {
      const key = api.issueApiKey();
      api.revokeApiKey(key);
      const { code, stdout, stderr } = await runExample('quickstart.ts', {
        env: { CLINIC_BASE_URL: baseUrl, CLINIC_API_KEY: key },
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^The service refused the key \(401\): check CLINIC_API_KEY\./);
      expect(stdout + stderr).not.toContain(key.split('.')[1]);
    });
  });

  test('with only one of the two variables: exit 2 and says which is missing', async () => {
    const { code, stdout, stderr } = await runExample('quickstart.ts', {
      env: { CLINIC_BASE_URL: 'https://clinic.example.com' },
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('CLINIC_BASE_URL is set but CLINIC_API_KEY is not');
  });
});

describe('examples/pagination.ts', () => {
  test('each style fetches the pages it needs and no more', async () => {
    const { code, stdout, stderr } = await runExample('pagination.ts');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'for await over every patient: 120 patients in 3 requests',
      'break at Paciente 7 (id 7): 1 request',
      'first page: 50 patients, hasNextPage: true, next carries a cursor: true',
      'second page: Paciente 51 ... Paciente 100 Silva (2 requests for both)',
      'pages of up to 100: 100 + 20 patients in 2 requests',
      "toArray of name 'Silva': 12 patients in 1 request",
      'aborted after 60 patients: APIUserAbortError, 2 requests',
    ]);
  });
});

describe('examples/idempotent-create.ts', () => {
  test('a lost response, a restart, a reused key and the retry policy', async () => {
    const { code, stdout, stderr } = await runExample('idempotent-create.ts');
    expect(code).toBe(0);
    const key = new RegExp(`attempts: 2, Idempotency-Key on each: (${UUID}), (${UUID})`).exec(
      stdout,
    );
    expect(key?.[2]).toBe(key?.[1]);
    expect(stdout).toMatch(new RegExp(`replayed: true, appointment ${UUID}, booked: 1\\n`));
    const run1 = new RegExp(`run 1: (${UUID}) replayed: false`).exec(stdout)?.[1];
    expect(run1).toBeDefined();
    expect(stdout).toContain(`run 2: ${run1} replayed: true, booked: 2`);
    expect(stdout).toContain('IdempotencyKeyReuseError (422), key booking-b-1042');
    expect(stdout).toContain('first: APIConnectionError; again: replayed true, booked: 3');
    expect(stdout).toContain('GET /rooms after a 503: answered in 2 attempts');
    expect(stdout).toContain('POST /patients after a 503: InternalServerError after 1 attempt;');
    // quiet by default: the two calls that failed for good are reported by throwing only
    expect(stderr).toBe('');
  });
});

describe('examples/error-handling.ts', () => {
  test('each case ends in its own error class and next step', async () => {
    const { code, stdout } = await runExample('error-handling.ts');
    expect(code).toBe(0);
    const outcomes = stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('   '))
      .map((line) => line.trim().split(' -> ')[0]);
    expect(outcomes).toEqual([
      'ValidationError',
      'ConfigurationError',
      'SlotBlockedError 409 slot_blocked',
      'RoomRequiredError 409 room_required',
      'PatientCpfExistsError 409 patient_cpf_exists',
      'NotFoundError 404',
      'PermissionDeniedError 403',
      'AuthenticationError 401',
      'RateLimitError 429',
      'APIConnectionError',
    ]);
    expect(stdout).toContain(
      'fix the input: {"start_at":["seconds must be 00"],"note":["must be at most 2000 characters"]}',
    );
    expect(stdout).toContain('create a key with scope appointments:write');
    expect(stdout).toContain('wait 2000 ms, then retry');
    expect(stdout).not.toMatch(/_live_\w+\.\w{8,}/);
  });
});

describe('examples/webhook-consumer.ts --demo', () => {
  test('the consumer ends with the server copy, every delivery answered 2xx', async () => {
    const { code, stdout } = await runExample('webhook-consumer.ts', { args: ['--demo'] });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ping: .+$/m);
    const statuses = /^\d+ delivery attempts; statuses: (.+)$/m.exec(stdout)?.[1]?.split(', ');
    expect(statuses?.length).toBeGreaterThanOrEqual(4);
    expect(statuses?.every((s) => /^2\d\d$/.test(s))).toBe(true);
    expect(stdout).toContain('consumer copy equals the server: true');
    expect(stdout).toContain('a forged delivery (no signature) was answered 401');
  });
});

/** Every file under examples/, recipes/ included, as paths relative to it. */
const exampleFiles = (readdirSync(`${ROOT}examples`, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => /\.\w+$/.test(f));
describe('examples/pino-logging.ts', () => {
  test('pino receives each line as (fields, message): the retry line is JSON with its facts', async () => {
    const { code, stdout, stderr } = await runExample('pino-logging.ts');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: 'front-desk',
      operation: 'listRooms',
      method: 'GET',
      path: '/api/public/v1/rooms',
      attempt: 2,
      status: 503,
      delayMs: expect.any(Number),
      errorType: '503',
      callId: expect.any(String),
      msg: expect.stringMatching(
        /^clinic-scheduling: GET \/api\/public\/v1\/rooms failed \(503\); retry 1 of 2, after \d+ ms\.$/,
      ),
    });
    expect(lines[1]).toMatchObject({ msg: 'rooms listed', rooms: 3 });
    expect(stdout).not.toMatch(/_live_/);
  });
});

describe('examples/hooks-and-tracing.ts', () => {
  test('onSuccess and onError see each call once; a span per call and per request; metrics per request and call', async () => {
    const { code, stdout, stderr } = await runExample('hooks-and-tracing.ts');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('onRetry: listRooms sends attempt 2 after 503');
    expect(stdout).toContain(
      ['   ok listRooms 200 in 2', '   failed createAppointment ConflictError (409) in 1'].join(
        '\n',
      ),
    );
    const spans = stdout.split('4. The spans')[1]!.split('5.')[0]!.trim().split('\n').slice(1);
    expect(spans).toEqual([
      '     request GET /api/public/v1/rooms status=503 resend=0 error=503',
      '     request GET /api/public/v1/rooms status=200 resend=1 error=-',
      '   call listRooms status=200 resend=0 error=-',
      '     request POST /api/public/v1/appointments status=409 resend=0 error=409',
      '   call createAppointment status=409 resend=0 error=ConflictError',
    ]);
    const metrics = stdout.split('5. The metrics')[1]!.trim().split('\n').slice(1);
    expect(metrics).toEqual([
      '   http.client.request.duration /api/public/v1/rooms 503 503: 1',
      '   http.client.request.duration /api/public/v1/rooms 200 -: 1',
      '   http.client.request.duration /api/public/v1/appointments 409 409: 1',
      '   clinic_scheduling.client.call.duration /api/public/v1/rooms 200 -: 1',
      '   clinic_scheduling.client.call.duration /api/public/v1/appointments 409 ConflictError: 1',
      '   clinic_scheduling.client.retries /api/public/v1/rooms - 503: 1',
    ]);
  });
});

describe('examples import the package by name, so users can copy them (CONTRIBUTING.md)', () => {
  const sources = exampleFiles.filter((f) => f.endsWith('.ts'));
  test.each(sources)('examples/%s', (file) => {
    const text = readFileSync(`${ROOT}examples/${file}`, 'utf8');
    const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
      (m) => m[1]!,
    );
    expect(specifiers.length).toBeGreaterThan(0);
    // A recipe may import the one file its folder shares (examples/recipes/common.ts).
    const allowed = file.startsWith('recipes/') ? ['./common.ts'] : [];
    expect(specifiers.filter((s) => s.startsWith('.') && !allowed.includes(s))).toEqual([]);
    expect(specifiers.filter((s) => s.startsWith('@clinic-scheduling/')).length).toBeGreaterThan(0);
  });
});

describe('no API key is versioned in examples/, README.md or docs/ (spec 1, fact 8)', () => {
  // The pattern of the project's check: <prefix>_live_<id>.<secret of 8+ characters>.
  const KEY = /[A-Za-z0-9]+_live_[A-Za-z0-9]+\.[A-Za-z0-9_-]{8,}/;
  const files = [
    ...readdirSync(`${ROOT}examples`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice(ROOT.length)}/${entry.name}`),
    'README.md',
    ...readdirSync(`${ROOT}docs`)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  test.each(files)('%s', (file) => {
    const lines = readFileSync(`${ROOT}${file}`, 'utf8').split('\n');
    expect(lines.filter((line) => KEY.test(line))).toEqual([]);
  });
});
