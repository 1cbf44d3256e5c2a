/** The webhook URL rule (spec 6: public HTTPS): every IANA special-purpose range and multicast is
 * refused, also in IPv4-mapped, IPv4-compatible, 6to4 and NAT64 forms. @module */

import { ClinicError } from '../../core/errors/index.ts';

/** Thrown by `register` (and recorded at delivery) when a URL fails the service's rule. */
export class WebhookUrlError extends ClinicError {
  static override readonly name: string = 'WebhookUrlError';
}

/** What the rule may consult besides the URL. */
export interface WebhookUrlRuleOptions {
  /** Resolves a host name; each address is checked as a literal (default: names unresolved). */
  resolveHost?: ((hostname: string) => string | readonly string[] | undefined) | undefined;
  /** Accepts `http(s)://` on loopback hosts, unlike the service (default `false`). */
  allowLoopbackHttp?: boolean | undefined;
  /** Hosts accepted over `http(s)://` whatever they resolve to, such as a container's `app`. */
  allowHttpHosts?: readonly string[] | undefined;
}

/** A special-purpose address range of the IANA registries. */
export interface SpecialRange {
  /** Its first address as a number (32 bits for IPv4, 128 for IPv6). */
  readonly base: bigint;
  /** The prefix length. */
  readonly bits: number;
  /** What it is, with its CIDR: `a private address (10.0.0.0/8)`. */
  readonly name: string;
}

function parseIPv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The URL parser's form of an IPv6 host: no brackets. */
function parseIPv6(host: string): number[] | undefined {
  if (!host.includes(':')) return undefined;
  let text = host;
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (embedded) {
    const b = parseIPv4(embedded[2]!);
    if (!b) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${embedded[1]}${hex(b[0]!, b[1]!)}:${hex(b[2]!, b[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) =>
    s === ''
      ? []
      : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.every((g) => !Number.isNaN(g)) ? groups : undefined;
}

const toBigInt = (parts: readonly number[], width: number) =>
  parts.reduce((n, p) => (n << BigInt(width)) | BigInt(p), 0n);

function range(cidr: string, name: string): SpecialRange {
  const [address, bits] = cidr.split('/') as [string, string];
  const v4 = parseIPv4(address);
  const base = v4 ? toBigInt(v4, 8) : toBigInt(parseIPv6(address)!, 16);
  return { base, bits: Number(bits), name: `${name} (${cidr})` };
}

/** The IANA IPv4 Special-Purpose Address Registry, plus multicast and limited broadcast. */
export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = [
  range('0.0.0.0/8', '"this network"'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'shared address space'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'an IETF protocol assignment'),
  range('192.0.2.0/24', 'a documentation address (TEST-NET-1)'),
  range('192.31.196.0/24', 'AS112-v4'),
  range('192.52.193.0/24', 'AMT'),
  range('192.88.99.0/24', 'the deprecated 6to4 relay anycast'),
  range('192.168.0.0/16', 'a private address'),
  range('192.175.48.0/24', 'AS112 direct delegation'),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('198.51.100.0/24', 'a documentation address (TEST-NET-2)'),
  range('203.0.113.0/24', 'a documentation address (TEST-NET-3)'),
  range('224.0.0.0/4', 'a multicast address'),
  range('255.255.255.255/32', 'the limited broadcast address'),
  range('240.0.0.0/4', 'a reserved address'),
];

/**
 * The IANA IPv6 Special-Purpose Address Registry, plus multicast and site-local; NAT64's
 * well-known prefix is refused only when the IPv4 address it carries is.
 */
export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = [
  range('::1/128', 'the loopback address'),
  range('::/128', 'the unspecified address'),
  range('::ffff:0:0/96', 'an IPv4-mapped address'),
  range('::/96', 'an IPv4-compatible address'),
  range('64:ff9b:1::/48', 'a local-use IPv4/IPv6 translation address'),
  range('100::/64', 'a discard-only address'),
  range('100:0:0:1::/64', 'a dummy IPv6 prefix'),
  range('2001::/23', 'an IETF protocol assignment'),
  range('2001:db8::/32', 'a documentation address'),
  range('2002::/16', 'a 6to4 address'),
  range('2620:4f:8000::/48', 'AS112 direct delegation'),
  range('3fff::/20', 'a documentation address'),
  range('5f00::/16', 'a segment routing (SRv6) SID'),
  range('fc00::/7', 'a unique local address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a site-local address'),
  range('ff00::/8', 'a multicast address'),
];

const NAT64 = range('64:ff9b::/96', 'NAT64');

function find(
  ranges: readonly SpecialRange[],
  value: bigint,
  width: number,
): SpecialRange | undefined {
  return ranges.find((r) => value >> BigInt(width - r.bits) === r.base >> BigInt(width - r.bits));
}

/** Why an IP address is not public, or `undefined` when it is (or is not an IP literal). */
export function specialAddress(address: string): string | undefined {
  const v4 = parseIPv4(address);
  if (v4) return find(IPV4_SPECIAL_RANGES, toBigInt(v4, 8), 32)?.name;
  const v6 = parseIPv6(address);
  if (!v6) return undefined;
  const value = toBigInt(v6, 16);
  if (find([NAT64], value, 128)) {
    const embedded = specialAddress(
      [24, 16, 8, 0].map((shift) => Number((value >> BigInt(shift)) & 0xffn)).join('.'),
    );
    return embedded && `the NAT64 form of ${embedded}`;
  }
  return find(IPV6_SPECIAL_RANGES, value, 128)?.name;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return parseIPv4(host)?.[0] === 127;
}

/**
 * Why an address an opened name resolves to is refused: the loopback opening takes loopback
 * addresses only; a named host also private and unique local ones (a compose network), never
 * link-local (cloud metadata), multicast or the other special ranges.
 */
function openingProblem(address: string, loopbackOnly: boolean): string | undefined {
  const special = specialAddress(address);
  if (special === undefined) return undefined;
  if (isLoopback(address.toLowerCase())) return undefined;
  if (loopbackOnly) return `${special}, not a loopback address`;
  if (/^(a private address|a unique local address)/.test(special)) return undefined;
  return special;
}

/** What a name resolves to: one address, several, or nothing known. */
export type Resolved = string | readonly string[] | undefined;

/** A URL that passes the rule as written: its host, and how to judge what it resolves to. */
export interface PendingCheck {
  readonly host: string;
  readonly judge: (addresses: readonly string[]) => string | undefined;
}

function firstProblem(
  addresses: readonly string[],
  problemOf: (address: string) => string | undefined,
): string | undefined {
  for (const address of addresses) {
    const problem = problemOf(address);
    if (problem) return `its host resolves to ${problem}`;
  }
  return undefined;
}

/** The rule on the URL as written: a problem, or the host still to resolve. */
export function checkWritten(
  url: string,
  options: Omit<WebhookUrlRuleOptions, 'resolveHost'>,
): string | PendingCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an absolute URL';
  }
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const named = options.allowHttpHosts?.some((name) => name.toLowerCase() === host) ?? false;
  const loopback = !named && options.allowLoopbackHttp === true && isLoopback(host);
  if ((named || loopback) && /^https?:$/.test(parsed.protocol)) {
    // An opening admits a name, not whatever it resolves to: each address is checked too.
    return { host, judge: (list) => firstProblem(list, (a) => openingProblem(a, loopback)) };
  }
  if (parsed.protocol !== 'https:') return `it is ${parsed.protocol}// and endpoints must be HTTPS`;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'its host is localhost';
  const literal = specialAddress(host);
  if (literal) return `its host is ${literal}`;
  return { host, judge: (list) => firstProblem(list, specialAddress) };
}

/** What `resolveHost` answered, as a list. */
export const listOf = (resolved: Resolved): readonly string[] =>
  resolved === undefined ? [] : [resolved].flat();

/** Why a webhook URL fails the service's rule (spec 6), or `undefined` when it passes. */
export function webhookUrlProblem(
  url: string,
  options: WebhookUrlRuleOptions = {},
): string | undefined {
  const check = checkWritten(url, options);
  if (typeof check === 'string') return check;
  const resolved: unknown = options.resolveHost?.(check.host);
  if (typeof (resolved as { then?: unknown } | undefined)?.then === 'function') {
    throw new TypeError(
      'webhookUrlProblem: resolveHost returned a Promise; this check is synchronous (the ' +
        "delivery simulator's register and deliveries await an asynchronous resolveHost)",
    );
  }
  return check.judge(listOf(resolved as Resolved));
}

/** {@link webhookUrlProblem} with a `resolveHost` that may answer later. */
export async function awaitWebhookUrlProblem(
  url: string,
  options: Omit<WebhookUrlRuleOptions, 'resolveHost'> & {
    readonly resolveHost?: ((hostname: string) => Resolved | Promise<Resolved>) | undefined;
  },
): Promise<string | undefined> {
  const check = checkWritten(url, options);
  if (typeof check === 'string') return check;
  return check.judge(listOf(await options.resolveHost?.(check.host)));
}
