/**
 * Each recipe runs as its own process, as `node examples/recipes/<framework>.ts` runs it, on a
 * free loopback port, against the reference server (on another loopback port): a signed
 * delivery is processed once, an unsigned or forged one is refused, and a booking is made once
 * per intent.
 *
 * The file imports the package by name only, so it runs the same from this repository (where
 * the name resolves to dist/) and from a project that installed the packed tarball
 * (test/consumer/run.ts, the `recipes` project).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ClinicClient } from '@clinic-scheduling/sdk';
import {
  createReferenceServer,
  type ReferenceServer,
  referenceServerListener,
} from '@clinic-scheduling/sdk/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOOKING_PATH, SIGNATURE_HEADER, sign, WEBHOOK_PATH } from './common.ts';

const RECIPES = ['express', 'fastify', 'hono', 'koa', 'nestjs'];
const SECRET = 'recipes-test-secret';

/** A recipe process and everything it printed. */
interface Recipe {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startRecipe(name: string, env: Record<string, string>): Promise<Recipe> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('CLINIC_')),
  );
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, [file], {
    env: { ...clean, ...env, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  try {
    const url = await waitFor(
      () => /listening on (http:\/\/\S+)/.exec(output)?.[1],
      child,
      () => output,
    );
    return { child, url, output: () => output };
  } catch (error) {
    child.kill('SIGKILL'); // one that never started is not left running
    throw error;
  }
}

/** Polls until `found` returns a value, failing with the output when the process ends first. */
async function waitFor<T>(
  found: () => T | undefined,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (child.exitCode !== null)
      throw new Error(`the recipe exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`timed out; the recipe printed:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

describe.each(RECIPES)('examples/recipes/%s.ts', (name) => {
  let http: Server;
  let api: ReferenceServer;
  let recipe: Recipe;
  let booking: Record<string, unknown>;

  beforeAll(async () => {
    http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    api = createReferenceServer({ baseUrl });
    http.on('request', referenceServerListener(api));
    const room = api.seed.room({ name: 'Consultório 1' });
    const doctor = api.seed.professional({ name: 'Dra. Helena Prado', default_room_id: room.id });
    const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
    const patient = api.seed.patient({ name: 'Ana Souza' });
    api.seed.blockedSlot({
      professional_id: doctor.id,
      start_at: '2026-03-05T12:00:00',
      end_at: '2026-03-05T13:00:00',
    });
    booking = { patient_id: patient.id, professional_id: doctor.id, appointment_type_id: type.id };
    recipe = await startRecipe(name, {
      CLINIC_BASE_URL: baseUrl,
      CLINIC_API_KEY: api.issueApiKey(),
      WEBHOOK_SECRET: SECRET,
    });
  }, 30_000);

  afterAll(async () => {
    if (recipe) await stop(recipe.child);
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${recipe.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  test('a booking is made once per intent: the same Idempotency-Key again replays it', async () => {
    const body = JSON.stringify({ ...booking, start_at: '2026-03-05T09:00:00' });
    const key = `booking-intent-${name}-1`;

    const first = await post(BOOKING_PATH, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({ replayed: false, appointment: { status: 'scheduled' } });

    const again = await post(BOOKING_PATH, body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      replayed: true,
      appointment: { id: created.appointment.id },
    });
    expect(api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(1);
  });

  test('a booking the service refuses, or one without a key, says why', async () => {
    const blocked = JSON.stringify({ ...booking, start_at: '2026-03-05T12:00:00' });
    const refused = await post(BOOKING_PATH, blocked, { 'idempotency-key': `blocked-${name}` });
    expect(refused.status).toBe(409);
    expect((await refused.json()).detail).toEqual(expect.any(String));

    const keyless = await post(BOOKING_PATH, blocked, {});
    expect(keyless.status).toBe(400);

    const invalid = JSON.stringify({ ...booking, start_at: '2026-03-05T09:00:30' });
    const checked = await post(BOOKING_PATH, invalid, { 'idempotency-key': `invalid-${name}` });
    expect(checked.status).toBe(400);
    expect(await checked.json()).toHaveProperty('fields.start_at');
  });

  test("the service's refusal of this service's key is a 502 and an alert, never the caller's 401; a rate limit is a 503 with Retry-After", async () => {
    const body = JSON.stringify({ ...booking, start_at: '2026-03-05T15:00:00' });
    const path = '/api/public/v1/appointments';
    const events = api.events.length;
    for (const status of [401, 403]) {
      api.faults.inject({ method: 'POST', path, status, body: { detail: 'Refused.' } });
      const refused = await post(BOOKING_PATH, body, { 'idempotency-key': `key-${status}` });
      expect(refused.status).toBe(502);
      expect(await refused.json()).toEqual({ detail: expect.any(String) });
    }
    await waitFor(
      () => (recipe.output().match(/ALERT/g)?.length === 2 ? true : undefined),
      recipe.child,
      recipe.output,
    );

    api.faults.inject({
      method: 'POST',
      path,
      status: 429,
      headers: { 'retry-after': '0' },
      times: 3,
    });
    const limited = await post(BOOKING_PATH, body, { 'idempotency-key': 'key-429' });
    expect(limited.status).toBe(503);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(api.faults.pending).toEqual([]);
    expect(api.events).toHaveLength(events); // nothing was booked
  });

  test('a signed delivery is processed once; an unsigned or forged one is refused 401', async () => {
    const clinic = new ClinicClient({
      baseUrl: api.baseUrl,
      apiKey: api.issueApiKey(),
      fetch: api.fetch,
    });
    const appointment = await clinic.appointments.create({
      ...(booking as { patient_id: number; professional_id: number; appointment_type_id: number }),
      start_at: '2026-03-05T10:00:00',
    });
    const envelope = api.events.findLast(
      (e) => e.type === 'appointment.created' && e.data.id === appointment.id,
    )!;
    // Bytes as a sender writes them (spacing kept): verify checks these, not a re-serialisation.
    const body = JSON.stringify(envelope, null, 2);
    const line = `webhook appointment.created ${appointment.id}`;

    const unsigned = await post(WEBHOOK_PATH, body, {});
    expect(unsigned.status).toBe(401);
    const forged = await post(WEBHOOK_PATH, body, {
      [SIGNATURE_HEADER]: sign('not-the-secret', body),
    });
    expect(forged.status).toBe(401);
    expect(recipe.output()).not.toContain(line);

    const signed = await post(WEBHOOK_PATH, body, { [SIGNATURE_HEADER]: sign(SECRET, body) });
    expect(signed.status).toBe(200);
    await waitFor(
      () => (recipe.output().includes(line) ? true : undefined),
      recipe.child,
      recipe.output,
    );

    // At least once: the redelivery is answered 2xx and not processed again.
    const redelivered = await post(WEBHOOK_PATH, body, { [SIGNATURE_HEADER]: sign(SECRET, body) });
    expect(redelivered.status).toBeGreaterThanOrEqual(200);
    expect(redelivered.status).toBeLessThan(300);
    expect(recipe.output().split(line).length - 1).toBe(1);
  });
});
