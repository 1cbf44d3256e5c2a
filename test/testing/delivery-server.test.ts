/**
 * `api.webhooks`: the delivery simulator as the reference server wires it, on `api.clock` and
 * the envelopes of `api.onEvent`.
 */
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/testing/index.ts';
import type { WebhookEnvelope } from '../../src/testing/server/events.ts';

const NOW = new Date('2026-03-02T12:00:00Z');

function server(options: Parameters<typeof createReferenceServer>[0]['webhooks'] = {}) {
  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    now: NOW,
    webhooks: options,
  });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });
  const book = (companyId = 1) => {
    const clinic = companyId === 1 ? api : api.clinic(companyId);
    const ids =
      companyId === 1
        ? { patient_id: patient.id, professional_id: professional.id, appointment_type_id: type.id }
        : {
            patient_id: clinic.seed.patient({ name: 'Bia' }).id,
            professional_id: clinic.seed.professional({ name: 'Dr. Reis' }).id,
            appointment_type_id: clinic.seed.appointmentType({ name: 'Retorno' }).id,
          };
    return clinic.seed.appointment(
      { ...ids, start_at: '2026-03-05T10:00:00-03:00' },
      { emitEvent: true },
    );
  };
  return { api, book };
}

function recorder(status = 200) {
  const received: WebhookEnvelope[] = [];
  const handler = async (request: Request) => {
    received.push(await request.json());
    return new Response(null, { status });
  };
  return { handler, received };
}

describe('api.webhooks', () => {
  it('delivers what api.onEvent emits: the same envelopes as api.events', async () => {
    const { api, book } = server();
    const consumer = recorder();
    api.webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    book();
    await api.webhooks.settle();
    expect(consumer.received).toEqual(JSON.parse(JSON.stringify(api.events)));
  });

  it('schedules retries on api.clock', async () => {
    const { api, book } = server();
    api.webhooks.register({ handler: recorder(500).handler, events: ['appointment.created'] });
    book();
    await api.webhooks.settle();
    await api.clock.advance(60_000);
    expect(api.webhooks.attempts.map((a) => a.at - NOW.getTime())).toEqual([0, 60_000]);
  });

  it('gives an endpoint of clinic 2 only the events of clinic 2', async () => {
    const { api, book } = server();
    const first = recorder();
    const second = recorder();
    api.webhooks.register({ handler: first.handler, events: ['appointment.created'] });
    api.webhooks.register({
      handler: second.handler,
      events: ['appointment.created'],
      companyId: 2,
    });
    book(1);
    book(2);
    await api.webhooks.settle();
    expect(first.received.map((e) => e.company_id)).toEqual([1]);
    expect(second.received.map((e) => e.company_id)).toEqual([2]);
  });

  it('ping(endpoint) sends a ping generated at the clock time, in the clinic offset', async () => {
    const { api } = server();
    const consumer = recorder();
    const endpoint = api.webhooks.register({
      handler: consumer.handler,
      events: ['appointment.updated'],
    });
    api.webhooks.ping(endpoint);
    await api.webhooks.settle();
    expect(consumer.received).toMatchObject([
      {
        type: 'ping',
        created_at: '2026-03-02T09:00:00-03:00',
        company_id: 1,
        data: { message: 'Test event' },
      },
    ]);
  });

  it('takes the simulator options from createReferenceServer({ webhooks })', async () => {
    const consumer = recorder();
    const { api, book } = server({ fetch: consumer.handler, duplicate: 1 });
    api.webhooks.register({
      url: 'https://consumer.example/hooks',
      events: ['appointment.created'],
    });
    book();
    await api.webhooks.flush();
    expect(consumer.received).toHaveLength(2);
  });

  it('api.reset() drops endpoints, deliveries and scheduled retries', async () => {
    const { api, book } = server();
    api.webhooks.register({ handler: recorder(500).handler, events: ['appointment.created'] });
    book();
    await api.webhooks.settle();
    api.reset();
    expect([api.webhooks.endpoints, api.webhooks.deliveries, api.webhooks.attempts]).toEqual([
      [],
      [],
      [],
    ]);
    await api.clock.advance(3_600_000);
    expect(api.webhooks.attempts).toEqual([]);
  });
});
