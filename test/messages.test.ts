/**
 * The wording of the SDK's messages, pinned here and nowhere else: the other suites assert the
 * class, the code and the fields a user acts on. Rewording a message is `npx vitest run
 * test/messages.test.ts -u` and a reading of the diff.
 */
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ClinicClient,
  ClinicError,
  ReadBackError,
  ResponseValidationError,
  ValidationError,
} from '../src/index.ts';
import { parseWebhookEvent } from '../src/webhooks/events.ts';
import { setupSimulator } from './testing/delivery-helpers.ts';

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('did not throw');
};

describe('errors of a call', () => {
  it('ValidationError names each field and its messages', () => {
    expect(
      new ValidationError({ note: ['must be at most 2000 characters'] }, 'body').message,
    ).toMatchInlineSnapshot(`"Invalid body: note: must be at most 2000 characters"`);
  });

  it('ResponseValidationError names the paths, the call and the ways out', () => {
    expect(
      new ResponseValidationError(['results.3.start_at'], 'GET', '/api/public/v1/appointments')
        .message,
    ).toMatchInlineSnapshot(
      `"The response to GET /api/public/v1/appointments does not match the API's schema at: results.3.start_at. A value the service added to an enum passes with validateResponses: 'compatible' (the default); validateResponses: false accepts any shape unchecked."`,
    );
  });

  it('ReadBackError says the change was made', () => {
    const write = {
      method: 'PATCH',
      path: '/api/public/v1/appointments/x',
      response: new Response(null, { status: 204 }),
    };
    expect(
      new ReadBackError(write, '/api/public/v1/appointments/x', new Error('Request timed out'))
        .message,
    ).toMatchInlineSnapshot(
      `"PATCH /api/public/v1/appointments/x succeeded (204), but reading the record back with GET /api/public/v1/appointments/x failed: Request timed out. The change was made: do not repeat it; read the record again later."`,
    );
  });

  it('the connection errors and the abort, by default', () => {
    expect([
      new APIConnectionError().message,
      new APIConnectionTimeoutError().message,
      new APIUserAbortError().message,
    ]).toMatchInlineSnapshot(`
      [
        "Connection error: no response was received.",
        "Request timed out.",
        "Request was aborted.",
      ]
    `);
  });
});

describe('pagination', () => {
  it('a walk whose next links loop', async () => {
    const root = 'https://clinic.test/api/public/v1/rooms';
    const fetch = async (input: RequestInfo | URL) => {
      const cursor = new URL(String(input)).searchParams.get('cursor');
      const next = cursor === 'b' ? root : `${root}?cursor=b`;
      return Response.json({ results: [{ id: 1, name: 'Sala 1' }], next, previous: null });
    };
    const clinic = new ClinicClient({
      apiKey: 'csk_live_messages.0123456789abcdef',
      baseUrl: 'https://clinic.test',
      fetch,
    });
    const walk = async () => {
      for await (const room of clinic.rooms.list()) expect(room.id).toBe(1);
    };
    const error = await walk().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatchInlineSnapshot(
      `"The next page URL of GET /api/public/v1/rooms returns to a page already visited in this walk: following it would walk the same pages forever, so the walk ends here. The service sent next links that loop."`,
    );
  });
});

describe('webhooks', () => {
  it('a body that is not JSON, or not UTF-8 text', () => {
    expect([
      messageOf(() => parseWebhookEvent('{"id": ')),
      messageOf(() => parseWebhookEvent(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))),
    ]).toMatchInlineSnapshot(`
      [
        "The webhook body is not valid JSON.",
        "The webhook body is not valid UTF-8 text.",
      ]
    `);
  });

  it("the reference server's deliveries: register and ping", () => {
    const { webhooks } = setupSimulator(Date.UTC(2026, 2, 2));
    const handler = () => new Response(null, { status: 200 });
    const endpoint = webhooks.register({ handler, events: ['appointment.created'] });
    const messages = [
      messageOf(() => webhooks.register({ events: ['appointment.created'] })),
      messageOf(() => webhooks.register({ handler, events: [] })),
    ];
    endpoint.disable();
    messages.push(messageOf(() => webhooks.ping(endpoint)));
    webhooks.remove(endpoint);
    messages.push(messageOf(() => webhooks.ping(endpoint)));
    expect(messages).toMatchInlineSnapshot(`
      [
        "register takes exactly one of url and handler",
        "events must list the types to receive: appointment.created, appointment.updated, appointment.cancelled",
        "Endpoint we_1 is disabled: call endpoint.enable() first.",
        "Endpoint we_1 is not registered.",
      ]
    `);
  });
});
