/**
 * Network deliveries for the command-line server (Node only). Connecting to the very address
 * checked keeps DNS rebinding from turning a delivery inward; redirects are not followed. @module
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  WebhookUrlError,
  type WebhookUrlRuleOptions,
  webhookUrlProblem,
} from '../server/webhook-url.ts';

/** The most of an answer's body read before the connection is dropped. */
const MAX_BODY_BYTES = 64 * 1024;

export interface NetworkDeliveryOptions
  extends Pick<WebhookUrlRuleOptions, 'allowLoopbackHttp' | 'allowHttpHosts'> {
  /** Host name (lower case) → the addresses it resolves to, consulted before DNS. */
  readonly hosts: ReadonlyMap<string, readonly string[]>;
  /** DNS; replaced in tests. Default `dns.lookup` with `all: true`. */
  readonly resolve?: (hostname: string) => Promise<readonly string[]>;
}

const dnsResolve = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The addresses of the URL's host, every one checked; else a `WebhookUrlError`. */
export async function checkWebhookTarget(
  url: string,
  options: NetworkDeliveryOptions,
): Promise<readonly string[]> {
  const refuse = (problem: string) =>
    new WebhookUrlError(`The endpoint URL is refused: ${problem}.`);
  const early = webhookUrlProblem(url, options);
  if (early) throw refuse(early);
  const host = hostOf(new URL(url));
  let addresses: readonly string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = options.hosts.get(host) ?? (await (options.resolve ?? dnsResolve)(host));
    } catch (error) {
      throw refuse(`its host ${host} does not resolve (${(error as Error).message})`);
    }
  }
  if (addresses.length === 0) throw refuse(`its host ${host} does not resolve`);
  const problem = webhookUrlProblem(url, { ...options, resolveHost: () => addresses });
  if (problem) throw refuse(problem);
  return addresses;
}

/** A `lookup` that answers every name with the one address checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function readAnswer(res: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.destroy();
        resolve(new Response(null, { status: res.statusCode ?? 500 }));
        return;
      }
      chunks.push(chunk);
    });
    res.on('error', reject);
    res.on('end', () => {
      const status = res.statusCode ?? 500;
      const nullBody = status === 204 || status === 205 || status === 304;
      resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status }));
    });
  });
}

/** The simulator's `fetch` for real network deliveries, checked again on every attempt. */
export function createNetworkDelivery(
  options: NetworkDeliveryOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const addresses = await checkWebhookTarget(request.url, options);
    const url = new URL(request.url);
    const body = Buffer.from(await request.arrayBuffer());
    const headers = Object.fromEntries(request.headers);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const init: RequestOptions & { servername?: string } = {
      method: request.method,
      host: hostOf(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'content-length': String(body.length) },
      lookup: pinnedLookup(addresses[0]!),
      signal: request.signal,
      agent: false,
    };
    if (url.protocol === 'https:' && !isIP(hostOf(url))) init.servername = hostOf(url);
    return new Promise<Response>((resolve, reject) => {
      const req = send(init, (res) => readAnswer(res).then(resolve, reject));
      req.on('error', reject);
      req.end(body);
    });
  };
}
