/**
 * Deliveries that cannot be turned inward (issue 21 part 4): the CLI resolves each webhook
 * host (host table, then DNS), checks every address at registration and at each delivery,
 * connects to the address it checked, and follows no redirect; the in-process deliverer
 * follows none either. `--allow-http-webhooks` names hosts, and a refusal names the flag.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkWebhookTarget } from '../../src/testing/delivery/network.ts';
import {
  createReferenceServer,
  WebhookUrlError,
  webhookUrlProblem,
} from '../../src/testing/index.ts';
import { callCli, killCli, type RunningCli, startCli } from './cli-helpers.ts';

const TOKEN = 'network-admin-token';
const EVENTS = ['appointment.created'];

/** A loopback consumer: `/hooks` answers 204, `/redirect` 307 to `/internal`. */
let consumer: Server;
let port = 0;
const hits: Array<{ path: string; host: string | undefined }> = [];

beforeAll(async () => {
  consumer = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ path: req.url ?? '', host: req.headers.host });
      if (req.url === '/redirect') res.writeHead(307, { location: '/internal' }).end();
      else res.writeHead(204).end();
    });
  });
  consumer.listen(0, '127.0.0.1');
  await once(consumer, 'listening');
  port = (consumer.address() as AddressInfo).port;
});
afterAll(() => {
  consumer.closeAllConnections();
  consumer.close();
});

const clis: RunningCli[] = [];
afterEach(() => {
  for (const cli of clis.splice(0)) killCli(cli);
  hits.length = 0;
});

async function cli(...args: string[]) {
  const started = await startCli('--port', '0', '--admin-token', TOKEN, ...args);
  clis.push(started);
  const control = (method: string, path: string, json?: unknown) =>
    callCli(started, method, `/__control${path}`, {
      auth: TOKEN,
      ...(json === undefined ? {} : { json }),
    });
  return { started, control };
}

describe('the CLI resolves webhook hosts and checks every address', () => {
  test('a name that resolves to loopback is refused at registration, naming the flag', async () => {
    const { control } = await cli('--resolve', 'vm=127.0.0.1');
    const answer = await control('POST', '/webhooks', { url: 'https://vm:8443/h', events: EVENTS });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/loopback/);
    expect(answer.body.detail).toContain('--allow-http-webhooks');
    expect((await control('GET', '/webhooks')).body.endpoints).toEqual([]);
  });

  test('a name that DNS resolves to loopback is refused (the resolver injected)', async () => {
    const options = { hosts: new Map(), resolve: async () => ['8.8.8.8', '127.0.0.1'] };
    await expect(checkWebhookTarget('https://vm:8443/h', options)).rejects.toThrow(WebhookUrlError);
    await expect(checkWebhookTarget('https://vm:8443/h', options)).rejects.toThrow(/loopback/);
    const unresolvable = { hosts: new Map(), resolve: async () => [] };
    await expect(checkWebhookTarget('https://nowhere.test/h', unresolvable)).rejects.toThrow(
      /does not resolve/,
    );
    const fine = { hosts: new Map(), resolve: async () => ['8.8.8.8'] };
    await expect(checkWebhookTarget('https://consumer.test/h', fine)).resolves.toEqual(['8.8.8.8']);
  });

  test('a host that resolves inward after registration is refused at delivery, nothing sent', async () => {
    const { control } = await cli('--resolve', 'consumer.test=8.8.8.8');
    const url = `https://consumer.test:${port}/hooks`;
    const endpoint = await control('POST', '/webhooks', { url, events: EVENTS });
    expect(endpoint.status).toBe(201);
    await control('PUT', '/hosts', { 'consumer.test': ['127.0.0.1'] });
    const ping = await control('POST', `/webhooks/${endpoint.body.id}/ping`);
    expect(ping.body.attempts[0].outcome).toBe('url_rejected');
    expect(hits).toEqual([]);
  });

  test('a refusal of http:// without the flag names the flag', async () => {
    const { control } = await cli();
    const answer = await control('POST', '/webhooks', {
      url: `http://127.0.0.1:${port}/hooks`,
      events: EVENTS,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('--allow-http-webhooks');
  });
});

describe('--allow-http-webhooks=<hosts>: a consumer on a compose network', () => {
  test('a named host is accepted over http whatever it resolves to; the connection goes to the checked address', async () => {
    const { control } = await cli('--allow-http-webhooks=app', '--resolve', 'app=127.0.0.1');
    const endpoint = await control('POST', '/webhooks', {
      url: `http://app:${port}/hooks`,
      events: EVENTS,
    });
    expect(endpoint.status).toBe(201);
    const ping = await control('POST', `/webhooks/${endpoint.body.id}/ping`);
    expect(ping.body.state).toBe('succeeded');
    // "app" has no DNS entry: only the address of the host table was reached.
    expect(hits).toEqual([{ path: '/hooks', host: `app:${port}` }]);
  });

  test('a host that is not named stays refused', async () => {
    const { control } = await cli('--allow-http-webhooks=app', '--resolve', 'db=127.0.0.1');
    const answer = await control('POST', '/webhooks', {
      url: `http://db:${port}/h`,
      events: EVENTS,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('--allow-http-webhooks');
  });
});

describe('no redirect is followed', () => {
  test('by the CLI: a 307 is the answer of the attempt, /internal never reached', async () => {
    const { control } = await cli('--allow-http-webhooks');
    const endpoint = await control('POST', '/webhooks', {
      url: `http://127.0.0.1:${port}/redirect`,
      events: EVENTS,
    });
    const ping = await control('POST', `/webhooks/${endpoint.body.id}/ping`);
    expect(ping.body.attempts[0]).toMatchObject({ outcome: 'http_error', status: 307 });
    expect(hits.map((h) => h.path)).toEqual(['/redirect']);
  });

  test('in process, with the global fetch: a 307 is the answer, /internal never reached', async () => {
    const api = createReferenceServer({
      baseUrl: 'https://clinic.test',
      webhooks: { allowLoopbackHttp: true, fetch: (request) => fetch(request) },
    });
    const endpoint = api.webhooks.register({
      url: `http://127.0.0.1:${port}/redirect`,
      events: ['appointment.created'],
    });
    const delivery = api.webhooks.ping(endpoint);
    await api.webhooks.settle();
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'http_error', status: 307 });
    expect(hits.map((h) => h.path)).toEqual(['/redirect']);
  });
});

describe('webhookUrlProblem with allowHttpHosts', () => {
  test('accepts the named hosts over http and https, case-insensitively; nothing else', () => {
    const rule = { allowHttpHosts: ['App'] };
    expect(webhookUrlProblem('http://app:3000/h', rule)).toBeUndefined();
    expect(
      webhookUrlProblem('https://APP/h', { ...rule, resolveHost: () => '10.0.0.2' }),
    ).toBeUndefined();
    expect(webhookUrlProblem('http://db:3000/h', rule)).toMatch(/HTTPS/);
    expect(webhookUrlProblem('ftp://app/h', rule)).toBeDefined();
    expect(webhookUrlProblem('http://127.0.0.1/h', rule)).toBeDefined();
  });
});
