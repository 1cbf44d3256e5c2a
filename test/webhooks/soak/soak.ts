/**
 * The webhook fault soak (issue 29): the reference server's delivery simulator (duplicates,
 * reordering, the spec's retries) delivers signed events to two handler processes, which enqueue
 * them on a real broker; three worker processes apply them to a PostgreSQL database. Mid-run, a
 * worker is killed with SIGKILL twice (a fresh one takes its place) and the broker once (then
 * restarted on its data). Durable settings as documented: Redis `appendonly yes` and
 * `appendfsync always`; PostgreSQL `fsync` and `synchronous_commit` on.
 *
 * Afterwards: every emitted event is in the effects table (0 lost), no effect applied twice
 * (the view's counts equal the effects), and the view equals the server's appointments.
 *
 * The server's clock is simulated: the spec's retries (1 min to 6 h apart) run milliseconds apart
 * in wall time, while a handler's broker connection comes back in wall-clock seconds. So after a
 * failed delivery (and after the broker's restart) the clock waits until every handler has put a
 * probe event on its queue; a retry then meets what production's would, minutes later. Nothing
 * here waits on a running clock to decide an outcome: the drain ends when the broker holds no
 * job left to run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import pg from 'pg';
import { ClinicClient } from '../../../src/client.ts';
import type { Appointment } from '../../../src/schemas/appointments.ts';
import { referenceServerListener } from '../../../src/testing/adapters/node.ts';
import { createReferenceServer } from '../../../src/testing/server/create.ts';
import { createEnvelope } from '../../../src/testing/server/events.ts';
import { seededRandom } from '../../../src/testing/server/random.ts';
import { type PostgresServer, startPostgresServer } from '../../helpers/postgres.ts';
import { type RedisServer, startRedisServer } from '../../helpers/redis.ts';
import { CONFIG_ENV, CONSUMER_SCHEMA, QUEUE_NAME, type SoakConfig } from './config.ts';

/** What a run does. */
export interface SoakOptions {
  queue: 'bullmq' | 'pg-boss';
  /** Events the service emits (about: the workload stops at the first write past it). */
  events: number;
  /** Worker SIGKILLs (default 2) and broker SIGKILLs (default 1), spread over the run. */
  workerKills?: number;
  brokerKills?: number;
  seed?: number;
  log?: (line: string) => void;
}

/** What a run found. */
export interface SoakReport {
  queue: string;
  emitted: number;
  deliveries: number;
  attempts: number;
  duplicates: number;
  statuses: Record<string, number>;
  /** Emitted events absent from the effects table. */
  lost: number;
  applied: number;
  stale: number;
  /** Effects beyond one per event (the view's counts against the effects rows). */
  appliedTwice: number;
  /** Appointments whose view differs from the server's. */
  mismatched: number;
  appointments: number;
  workerKills: number;
  brokerKills: number;
  undelivered: number;
  endpointEnabled: boolean;
  wallMs: number;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Bounds for a loaded 2-core machine: each ends the run as a failure, none decides an outcome. */
const START_TIMEOUT_MS = 120_000;
const READY_TIMEOUT_MS = 120_000;
/** How far behind real time the service's simulated clock starts (see the server below). */
const CLOCK_BEHIND_MS = 20 * 60 * 60_000;
/** Jobs still in the broker and none handled for this long: the workers are stuck. */
const STUCK_MS = 120_000;

interface Proc {
  child: ChildProcess;
  output: string;
}

function startProcess(
  file: string,
  config: SoakConfig,
  ready: RegExp,
): Promise<Proc & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [here(file)], {
    env: { ...process.env, [CONFIG_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { child, output: '' };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${file} did not start:\n${proc.output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      proc.output = (proc.output + chunk.toString()).slice(-20_000);
      const match = ready.exec(proc.output);
      if (match) {
        clearTimeout(timer);
        resolve({ ...proc, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}:\n${proc.output}`));
    });
  });
}

function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Waits for a worker's next `busy` line (a job in hand), then SIGKILLs it. */
async function killMidJob(worker: Proc): Promise<void> {
  const seen = worker.output.length;
  for (let i = 0; i < 100 && !worker.output.slice(seen).includes('busy'); i++) await sleep(20);
  await killed(worker.child, 'SIGKILL');
}

/** JSON with sorted keys: jsonb does not keep the order of keys. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const rand = seededRandom(options.seed ?? 29);
  const workerKills = options.workerKills ?? 2;
  const brokerKills = options.brokerKills ?? 1;
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    const postgres: PostgresServer = await startPostgresServer({
      durable: true,
      maxConnections: 200,
    });
    cleanup.push(() => postgres.stop());
    let redis: RedisServer | undefined;
    if (options.queue === 'bullmq') {
      redis = await startRedisServer({ durable: true });
      cleanup.push(() => redis!.stop());
    }
    const broker = redis ?? postgres;
    const db = new pg.Pool({ connectionString: postgres.url, max: 4 });
    db.on('error', () => {});
    cleanup.push(() => db.end());
    await db.query(CONSUMER_SCHEMA);
    await db.query(`CREATE TABLE IF NOT EXISTS clinic_scheduling_appointment_states (
      appointment_id text PRIMARY KEY, order_key text NOT NULL, digest text NOT NULL)`);

    // --- The service: the reference server, reachable over HTTP for the workers' reads. ---
    const handlers: Array<{ proc: Proc; url: string }> = [];
    const secret = 'soak-secret';
    const statuses: Record<string, number> = {};
    const sign = (body: string | Uint8Array) =>
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    let next = 0;
    // Set from the broker's SIGKILL to its restart: deliveries then meet it down, unwaited.
    let outage = false;
    let failed = false;
    let waiting: Promise<void> | undefined;
    /** Resolves once every handler answered 200 to a signed ping: its queue took the job. */
    const ready = (why: string): Promise<void> => {
      waiting ??= (async () => {
        const since = Date.now();
        for (const target of handlers) {
          for (;;) {
            const body = JSON.stringify(
              createEnvelope('ping', 1, { message: 'soak readiness probe' }, api.clock.now()),
            );
            const status = await fetch(target.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-soak-signature': sign(body) },
              body,
              signal: AbortSignal.timeout(9_000),
            }).then(
              async (response) => {
                await response.arrayBuffer();
                return response.status;
              },
              () => 0,
            );
            if (status === 200) break;
            if (Date.now() - since > READY_TIMEOUT_MS) {
              throw new Error(
                `a handler could not reach its queue within ${READY_TIMEOUT_MS / 1000} s after ${why}`,
              );
            }
            await sleep(200);
          }
        }
        log(`  handlers ready after ${why} (${Date.now() - since} ms)`);
      })().finally(() => {
        waiting = undefined;
      });
      return waiting;
    };
    const network = async (request: Request): Promise<Response> => {
      if (failed && !outage) {
        await ready('a failed delivery');
        failed = false;
      }
      const target = handlers[next++ % handlers.length]!;
      const body = await request.arrayBuffer();
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: request.headers,
          body,
          signal: AbortSignal.timeout(9_000),
        });
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (!response.ok) failed = true;
        return response;
      } catch (error) {
        statuses.network = (statuses.network ?? 0) + 1;
        failed = true;
        throw error;
      }
    };
    // Every event, delivery and attempt kept: the verdict reads them all. The simulated clock
    // moves 1 to 4 s per write (about 11 h over 10,000 events) in minutes of wall time: it starts
    // 20 h back, so that it never runs ahead of the workers' clocks, as a service's does not (a
    // state over an hour ahead is refused: MAX_UPDATED_AT_AHEAD_MS), and no event is older than
    // the handlers' maxEventAgeMs (24 h).
    const api = createReferenceServer({
      baseUrl: 'https://clinic.test',
      now: () => Date.now() - CLOCK_BEHIND_MS,
      logLimit: Number.POSITIVE_INFINITY,
      logBytes: Number.POSITIVE_INFINITY,
      webhooks: {
        logLimit: Number.POSITIVE_INFINITY,
        fetch: network,
        allowLoopbackHttp: true,
        duplicate: 0.2,
        reorder: { windowMs: 60_000 },
        seed: options.seed ?? 29,
      },
    });
    const http: Server = createServer(referenceServerListener(api));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => http.close(resolve)));
    const apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const apiKey = api.issueApiKey({ preset: 'full_access' });
    const config: SoakConfig = {
      queue: options.queue,
      redisPort: redis?.port,
      postgresUrl: postgres.url,
      apiUrl,
      apiKey,
      secret,
    };

    // --- Two handler processes, three worker processes. ---
    for (let i = 0; i < 2; i++) {
      const proc = await startProcess('./handler-process.ts', config, /listening (\d+)/);
      cleanup.push(() => killed(proc.child, 'SIGKILL'));
      handlers.push({ proc, url: `http://127.0.0.1:${proc.match[1]}/webhooks` });
    }
    const workers: Proc[] = [];
    const startWorker = async () => {
      const proc = await startProcess('./worker-process.ts', config, /ready/);
      cleanup.push(() => killed(proc.child, 'SIGKILL'));
      workers.push(proc);
    };
    for (let i = 0; i < 3; i++) await startWorker();
    log(`soak ${options.queue}: 2 handlers, 3 workers up (${Date.now() - started} ms)`);

    const endpoint = api.webhooks.register({
      url: 'http://127.0.0.1/webhooks',
      events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
      sign: (body) => ({ 'x-soak-signature': sign(body) }),
    });
    const clinic = new ClinicClient({
      apiKey,
      baseUrl: 'https://clinic.test',
      fetch: api.fetch,
      maxRetries: 0,
    });

    // --- The workload, with the faults at fixed points of it. ---
    const professionals = Array.from({ length: 40 }, (_, i) =>
      api.seed.professional({ name: `Profissional ${i + 1}` }),
    );
    const patient = api.seed.patient({ name: 'Ana Souza' });
    const type = api.seed.appointmentType({ name: 'Consulta' });
    const faultsAt = new Map<number, 'worker' | 'broker'>();
    const faultCount = workerKills + brokerKills;
    for (let k = 0; k < faultCount; k++) {
      const at = Math.floor(((k + 1) * options.events) / (faultCount + 1));
      // The broker's kill in the middle, the workers' around it.
      faultsAt.set(at, k === Math.floor(faultCount / 2) && brokerKills > 0 ? 'broker' : 'worker');
    }
    const kills = { worker: 0, broker: 0 };
    const live: string[] = [];
    let slot = 0;
    const emitted = () => api.events.filter((e) => e.type !== 'ping').length;
    let reached = 0;
    while (emitted() < options.events) {
      const count = emitted();
      for (const [at, what] of faultsAt) {
        if (reached < at && count >= at) {
          if (what === 'worker') {
            const victim = workers.splice(Math.floor(rand() * workers.length), 1)[0]!;
            await killMidJob(victim);
            kills.worker += 1;
            log(`  SIGKILL worker at ${count} events`);
            await startWorker();
          } else {
            await broker.kill();
            outage = true;
            kills.broker += 1;
            log(`  SIGKILL broker at ${count} events (${Date.now() - started} ms)`);
            await api.clock.advance(30_000); // deliveries meet the broker down
            await broker.restart();
            outage = false;
            await ready('the broker restart');
            failed = false;
          }
        }
      }
      reached = count;
      const roll = rand();
      if (live.length < 20 || roll < 0.3) {
        slot += 1;
        const professional = professionals[slot % professionals.length]!;
        const day = Math.floor(slot / professionals.length);
        const start = new Date(Date.UTC(2027, 0, 4) + day * 30 * 60_000);
        const seeded = api.seed.appointment(
          {
            patient_id: patient.id,
            professional_id: professional.id,
            appointment_type_id: type.id,
            start_at: start,
          },
          { emitEvent: true },
        );
        live.push(seeded.id);
      } else {
        const at = Math.floor(rand() * live.length);
        const id = live[at]!;
        if (roll < 0.9) {
          const current = await clinic.appointments.retrieve(id);
          await clinic.appointments.update(id, {
            status: current.status === 'scheduled' ? 'confirmed' : 'scheduled',
          });
        } else {
          await clinic.appointments.cancel(id);
          live.splice(at, 1);
        }
      }
      // Whole seconds between writes (updated_at has whole seconds), running due deliveries.
      await api.clock.advance(1_000 + Math.floor(rand() * 3_000));
      if (count % 1000 === 0 && count > 0 && count !== reached) log(`  ${count} events`);
    }
    log(
      `soak ${options.queue}: ${emitted()} events emitted (${Date.now() - started} ms); flushing retries`,
    );
    await api.webhooks.flush();
    log(
      `soak ${options.queue}: every delivery acknowledged (${Date.now() - started} ms); draining`,
    );

    // --- Wait for the workers to drain the queue: until no job is left to run. ---
    const total = emitted();
    const ids = api.events.filter((e) => e.type !== 'ping').map((e) => e.id);
    const handled = async () =>
      Number((await db.query('SELECT count(*) AS n FROM effects')).rows[0].n);
    let jobs: Queue | undefined;
    if (redis) {
      jobs = new Queue(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
      jobs.on('error', () => {});
      cleanup.push(() => jobs!.close());
    }
    // Waiting, running, or due again (a retry's backoff, a killed worker's job until its lock or
    // expiry lapses, then back to waiting).
    const unfinished = async (): Promise<number> => {
      if (jobs) {
        const counts = await jobs.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'waiting-children',
        );
        return Object.values(counts).reduce((a, b) => a + b, 0);
      }
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed'`,
        [QUEUE_NAME],
      );
      return rows[0].n as number;
    };
    for (let last = -1, progressed = Date.now(); ; await sleep(200)) {
      const n = await handled().catch(() => last);
      if (n >= total) break;
      if (n !== last) {
        last = n;
        progressed = Date.now();
        continue;
      }
      // The effect commits before its job completes: nothing unfinished, nothing more to come.
      if ((await unfinished().catch(() => 1)) === 0 && (await handled()) === n) break;
      if (Date.now() - progressed > STUCK_MS) {
        log(`soak ${options.queue}: jobs left but none handled for ${STUCK_MS / 1000} s`);
        break;
      }
    }
    log(`soak ${options.queue}: drained (${Date.now() - started} ms)`);
    for (const worker of workers) await killed(worker.child, 'SIGTERM');

    // --- The verdict. ---
    const effects = (await db.query('SELECT event_id, outcome FROM effects')).rows as Array<{
      event_id: string;
      outcome: string;
    }>;
    const seen = new Set(effects.map((e) => e.event_id));
    const lost = ids.filter((id) => !seen.has(id)).length;
    const applied = effects.filter((e) => e.outcome === 'applied').length;
    const { rows: sums } = await db.query(
      'SELECT coalesce(sum(applications), 0)::int AS n FROM appointments_view',
    );
    const viewRows = (await db.query('SELECT id, data FROM appointments_view')).rows as Array<{
      id: string;
      data: Appointment;
    }>;
    const server = new Map<string, Appointment>();
    for await (const appointment of clinic.appointments.list())
      server.set(appointment.id!, appointment);
    const view = new Map(viewRows.map((r) => [r.id, r.data]));
    let mismatched = Math.abs(server.size - view.size);
    for (const [id, appointment] of server) {
      if (canonical(view.get(id)) !== canonical(appointment)) mismatched += 1;
    }
    const deliveries = api.webhooks.deliveries;
    return {
      queue: options.queue,
      emitted: total,
      deliveries: deliveries.length,
      attempts: api.webhooks.attempts.length,
      duplicates: deliveries.filter((d) => d.duplicate).length,
      statuses,
      lost,
      applied,
      stale: effects.length - applied,
      appliedTwice: Number(sums[0].n) - applied,
      mismatched,
      appointments: server.size,
      workerKills: kills.worker,
      brokerKills: kills.broker,
      undelivered: deliveries.filter((d) => d.state !== 'succeeded').length,
      endpointEnabled: endpoint.enabled,
      wallMs: Date.now() - started,
    };
  } finally {
    for (const close of cleanup.reverse()) await close().catch(() => {});
  }
}
