/**
 * Spec 6: "The endpoint URL must be public HTTPS; http://, localhost and private-network
 * addresses are rejected when the endpoint is saved and checked again at each delivery."
 * Public means outside every range of the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries and multicast: one test per range, at registration (as a literal and through DNS)
 * and at delivery (DNS moved after registration).
 */
import { describe, expect, it } from 'vitest';
import type { DeliverySimulatorOptions } from '../../src/testing/delivery/types.ts';
import {
  IPV4_SPECIAL_RANGES,
  IPV6_SPECIAL_RANGES,
  WebhookUrlError,
  webhookUrlProblem,
} from '../../src/testing/server/webhook-url.ts';
import { setupSimulator } from './delivery-helpers.ts';

const PUBLIC_V4 = '93.184.216.34';

const setup = (options: Partial<DeliverySimulatorOptions> = {}) =>
  setupSimulator(Date.parse('2026-03-02T12:00:00Z'), options);

/** A `WebhookUrlError` naming `reason` (messages.test.ts pins the words around it). */
const refusal = (reason: string) =>
  expect.objectContaining({
    name: WebhookUrlError.name,
    message: expect.stringContaining(reason),
  });

/** One address inside each range (not its first, so the prefix is what matches). */
const IPV4_CASES: Array<[cidr: string, address: string, name: string]> = [
  ['0.0.0.0/8', '0.1.2.3', '"this network"'],
  ['10.0.0.0/8', '10.1.2.3', 'a private address'],
  ['100.64.0.0/10', '100.127.255.254', 'shared address space'],
  ['127.0.0.0/8', '127.8.9.10', 'a loopback address'],
  ['169.254.0.0/16', '169.254.169.254', 'a link-local address'],
  ['172.16.0.0/12', '172.31.255.255', 'a private address'],
  ['192.0.0.0/24', '192.0.0.170', 'an IETF protocol assignment'],
  ['192.0.2.0/24', '192.0.2.10', 'a documentation address (TEST-NET-1)'],
  ['192.31.196.0/24', '192.31.196.1', 'AS112-v4'],
  ['192.52.193.0/24', '192.52.193.1', 'AMT'],
  ['192.88.99.0/24', '192.88.99.1', 'the deprecated 6to4 relay anycast'],
  ['192.168.0.0/16', '192.168.1.10', 'a private address'],
  ['192.175.48.0/24', '192.175.48.6', 'AS112 direct delegation'],
  ['198.18.0.0/15', '198.19.255.1', 'a benchmarking address'],
  ['198.51.100.0/24', '198.51.100.7', 'a documentation address (TEST-NET-2)'],
  ['203.0.113.0/24', '203.0.113.9', 'a documentation address (TEST-NET-3)'],
  ['224.0.0.0/4', '239.255.255.250', 'a multicast address'],
  ['255.255.255.255/32', '255.255.255.255', 'the limited broadcast address'],
  ['240.0.0.0/4', '250.1.2.3', 'a reserved address'],
];

const IPV6_CASES: Array<[cidr: string, address: string, name: string]> = [
  ['::1/128', '::1', 'the loopback address'],
  ['::/128', '::', 'the unspecified address'],
  ['::ffff:0:0/96', '::ffff:8.8.8.8', 'an IPv4-mapped address'],
  ['::/96', '::0.0.0.2', 'an IPv4-compatible address'],
  ['64:ff9b:1::/48', '64:ff9b:1::a00:1', 'a local-use IPv4/IPv6 translation address'],
  ['100::/64', '100::1', 'a discard-only address'],
  ['100:0:0:1::/64', '100:0:0:1::1', 'a dummy IPv6 prefix'],
  ['2001::/23', '2001:2::1', 'an IETF protocol assignment'],
  ['2001:db8::/32', '2001:db8::1', 'a documentation address'],
  ['2002::/16', '2002:808:808::1', 'a 6to4 address'],
  ['2620:4f:8000::/48', '2620:4f:8000::42', 'AS112 direct delegation'],
  ['3fff::/20', '3fff:fff::1', 'a documentation address'],
  ['5f00::/16', '5f00:1::1', 'a segment routing (SRv6) SID'],
  ['fc00::/7', 'fd12:3456::1', 'a unique local address'],
  ['fe80::/10', 'febf::1', 'a link-local address'],
  ['fec0::/10', 'fec0::1', 'a site-local address'],
  ['ff00::/8', 'ff02::1', 'a multicast address'],
];

describe('spec 6: the endpoint URL must be public HTTPS', () => {
  it('the test tables cover every range of the registries the rule holds', () => {
    expect(IPV4_CASES.map(([cidr, , name]) => `${name} (${cidr})`)).toEqual(
      IPV4_SPECIAL_RANGES.map((r) => r.name),
    );
    expect(IPV6_CASES.map(([cidr, , name]) => `${name} (${cidr})`)).toEqual(
      IPV6_SPECIAL_RANGES.map((r) => r.name),
    );
  });

  describe.each([
    ['IPv4', IPV4_CASES, (a: string) => a],
    ['IPv6', IPV6_CASES, (a: string) => `[${a}]`],
  ] as const)('%s special-purpose ranges', (_family, cases, literal) => {
    describe.each(cases)('%s', (cidr, address, name) => {
      const reason = `${name} (${cidr})`;

      it(`refuses ${address} at registration, as a literal`, () => {
        const { webhooks } = setup();
        const url = `https://${literal(address)}/hooks`;
        expect(webhookUrlProblem(url)).toBe(`its host is ${reason}`);
        expect(() => webhooks.register({ url, events: ['appointment.created'] })).toThrow(
          refusal(`its host is ${reason}`),
        );
        expect(webhooks.endpoints).toEqual([]);
      });

      it('refuses a name resolving into it at registration, and at each delivery', async () => {
        let resolved = address;
        const received: unknown[] = [];
        const { webhooks, emit } = setup({
          resolveHost: () => resolved,
          fetch: async (request) => {
            received.push(await request.json());
            return new Response(null, { status: 200 });
          },
        });
        const url = 'https://consumer.example/hooks';
        expect(() => webhooks.register({ url, events: ['appointment.created'] })).toThrow(
          refusal(`its host resolves to ${reason}`),
        );
        resolved = PUBLIC_V4;
        webhooks.register({ url, events: ['appointment.created'] });
        resolved = address; // DNS moved after the endpoint was saved
        emit();
        await webhooks.settle();
        expect(webhooks.attempts.map((a) => [a.outcome, a.status, a.error])).toEqual([
          ['url_rejected', undefined, `refused: its host resolves to ${reason}`],
        ]);
        expect(received).toEqual([]);
      });
    });
  });

  it.each([
    ['10.0.0.0/8', '64:ff9b::a01:203', 'a private address (10.0.0.0/8)'],
    ['127.0.0.0/8', '64:ff9b::7f00:1', 'a loopback address (127.0.0.0/8)'],
    ['192.0.2.0/24', '64:ff9b::c000:20a', 'a documentation address (TEST-NET-1) (192.0.2.0/24)'],
  ])('refuses the NAT64 form (64:ff9b::/96) of %s', (_cidr, address, embedded) => {
    expect(webhookUrlProblem(`https://[${address}]/`)).toBe(
      `its host is the NAT64 form of ${embedded}`,
    );
  });

  it('refuses the IPv4-mapped form of a loopback address written in dotted form', () => {
    expect(webhookUrlProblem('https://[::ffff:127.0.0.1]/')).toBe(
      'its host is an IPv4-mapped address (::ffff:0:0/96)',
    );
  });

  it.each([
    ['http://consumer.example/webhooks', 'it is http:// and endpoints must be HTTPS'],
    ['ftp://consumer.example/', 'it is ftp:// and endpoints must be HTTPS'],
    ['https://localhost/webhooks', 'its host is localhost'],
    ['https://LOCALHOST./webhooks', 'its host is localhost'],
    ['https://api.localhost/', 'its host is localhost'],
    ['https://2130706433/', 'its host is a loopback address (127.0.0.0/8)'],
    ['https://0x7f.1/', 'its host is a loopback address (127.0.0.0/8)'],
    ['not a url', 'it is not an absolute URL'],
  ])('refuses %s', (url, reason) => {
    expect(webhookUrlProblem(url)).toBe(reason);
  });

  it.each([
    'https://consumer.example/webhooks',
    `https://${PUBLIC_V4}/hook`,
    'https://100.63.255.255/',
    'https://100.128.0.1/',
    'https://172.32.0.1/',
    'https://172.15.255.255/',
    'https://192.169.0.1/',
    'https://198.20.0.1/',
    'https://223.255.255.255/',
    'https://[2606:4700::1111]/',
    'https://[2001:200::1]/',
    'https://[64:ff9b::808:808]/',
  ])('accepts the public %s', (url) => {
    expect(webhookUrlProblem(url)).toBeUndefined();
  });

  it('allowLoopbackHttp accepts http:// and https:// on loopback only, for a local consumer', () => {
    const allow = { allowLoopbackHttp: true };
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', allow)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:8080/hooks', allow)).toBeUndefined();
    expect(webhookUrlProblem('http://[::1]:8080/hooks', allow)).toBeUndefined();
    expect(webhookUrlProblem('https://127.0.0.1/hooks', allow)).toBeUndefined();
    expect(webhookUrlProblem('http://10.0.0.1/hooks', allow)).toBe(
      'it is http:// and endpoints must be HTTPS',
    );
    expect(webhookUrlProblem('http://consumer.example/hooks', allow)).toBe(
      'it is http:// and endpoints must be HTTPS',
    );
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks')).toBe(
      'it is http:// and endpoints must be HTTPS',
    );
  });
});
