/** Where the reference server's `next` and `previous` page URLs point. @module */

/** On `baseUrl` (default), or on the origin reached (`'request'`: a container's mapped port works). */
export type LinkOrigin = 'base-url' | 'request';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const unquote = (value: string) => value.trim().replace(/^"(.*)"$/, '$1');

function forwarded(header: string | null): { proto?: string; host?: string } {
  if (!header) return {};
  const first = header.split(',')[0]!;
  const out: { proto?: string; host?: string } = {};
  for (const pair of first.split(';')) {
    const [name, value] = pair.split('=') as [string, string | undefined];
    if (value === undefined) continue;
    const key = name.trim().toLowerCase();
    if (key === 'proto') out.proto = unquote(value).toLowerCase();
    if (key === 'host') out.host = unquote(value);
  }
  return out;
}

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || undefined;

/** `Forwarded`, then `X-Forwarded-*`, then the URL; only a plain scheme or host gets into a link. */
export function requestOrigin(headers: Headers, url: URL): string {
  const fwd = forwarded(headers.get('forwarded'));
  let proto = fwd.proto ?? firstValue(headers.get('x-forwarded-proto'))?.toLowerCase();
  if (proto !== 'http' && proto !== 'https') proto = url.protocol.slice(0, -1);
  let host = fwd.host ?? firstValue(headers.get('x-forwarded-host'));
  if (host === undefined || !HOST.test(host)) host = url.host;
  const port = firstValue(headers.get('x-forwarded-port'));
  if (port !== undefined && /^\d{1,5}$/.test(port) && fwd.host === undefined) {
    host = `${host.replace(/:\d+$/, '')}:${port}`;
  }
  return `${proto}://${host}`;
}
