/**
 * Issue 20: the handler refuses to start without `verify`; the reference server signs its
 * deliveries with the integrator's function (`register({ sign })`), so that tests run the
 * production check (here the HMAC example of docs/webhooks-verifying.md) rather than `'unsigned'`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClinicClient } from '../../src/client.ts';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions, WebhookVerifier } from '../../src/webhooks/options.ts';
import { appointmentEvent, post } from './fixtures.ts';

const HEADER = 'x-example-signature';
const signatureOf = (secret: string, body: string | Uint8Array) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const hmacVerifier =
  (secret: string): WebhookVerifier =>
  (request, rawBody) => {
    const given = Buffer.from(request.headers.get(HEADER) ?? '');
    const expected = Buffer.from(signatureOf(secret, rawBody));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

const SECRET = 'test-secret-of-this-run';

async function setup(
  sign?: (body: string) => Record<string, string> | Promise<Record<string, string>>,
) {
  const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
  const seen: string[] = [];
  api.webhooks.register({
    handler: createWebhookHandler({
      verify: hmacVerifier(SECRET),
      on: { 'appointment.created': (event) => void seen.push(event.id) },
      onError: () => {},
    }),
    events: ['appointment.created'],
    ...(sign ? { sign } : {}),
  });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: 'https://clinic.test',
    fetch: api.fetch,
  });
  await clinic.appointments.create({
    patient_id: api.seed.patient({ name: 'Ana Souza' }).id,
    professional_id: api.seed.professional({ name: 'Dra. Lima' }).id,
    appointment_type_id: api.seed.appointmentType({ name: 'Consulta' }).id,
    start_at: '2026-03-10T09:00:00-03:00',
  });
  await api.webhooks.settle();
  return { api, seen };
}

describe('createWebhookHandler without verify', () => {
  it('refuses to start, naming verify and the opt-out', () => {
    const create = () =>
      createWebhookHandler({ on: { ping: () => {} } } as unknown as WebhookHandlerOptions);
    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(/verify/);
    expect(create).toThrow(/'unsigned'/);
  });

  it('a forged envelope (no signature) is answered 401 and runs no handler', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({
      verify: hmacVerifier('secret'),
      on: { 'appointment.cancelled': (event) => void seen.push(event.id) },
      onError: () => {},
    });
    const forged = appointmentEvent('appointment.cancelled');
    expect((await handler(post(forged))).status).toBe(401);
    const body = JSON.stringify(forged);
    const wrongKey = { [HEADER]: signatureOf('another-secret', body) };
    expect((await handler(post(body, wrongKey))).status).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('the reference server signs deliveries: register({ sign })', () => {
  it('signed with the endpoint secret, the delivery passes the real verify and is processed', async () => {
    const { api, seen } = await setup((body) => ({ [HEADER]: signatureOf(SECRET, body) }));
    expect(api.webhooks.attempts.map((a) => a.status)).toEqual([200]);
    expect(seen).toEqual([api.events[0]!.id]);
  });

  it('an async signer (Web Crypto) works the same', async () => {
    const { api } = await setup(async (body) => ({ [HEADER]: signatureOf(SECRET, body) }));
    expect(api.webhooks.attempts.map((a) => a.status)).toEqual([200]);
  });

  it('unsigned or signed with another secret, the delivery is refused 401 and retried on the schedule', async () => {
    for (const sign of [undefined, (body: string) => ({ [HEADER]: signatureOf('other', body) })]) {
      const { api, seen } = await setup(sign);
      expect(api.webhooks.attempts.map((a) => a.status)).toEqual([401]);
      expect(api.webhooks.deliveries[0]!.state).toBe('pending');
      expect(seen).toEqual([]);
    }
  });

  it('a signer that throws fails the attempt without sending it', async () => {
    const { api, seen } = await setup(() => {
      throw new Error('no key');
    });
    expect(api.webhooks.attempts.map((a) => a.outcome)).toEqual(['network_error']);
    expect(seen).toEqual([]);
  });
});
