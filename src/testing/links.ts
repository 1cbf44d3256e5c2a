/**
 * Where `next` and `previous` page URLs point. By default, at the server's `baseUrl`. With
 * `links: 'request'` (the command-line server's choice) at the host the client reached: the
 * `Forwarded` header (RFC 7239) first, then `X-Forwarded-Proto` / `X-Forwarded-Host` /
 * `X-Forwarded-Port`, then the request's own URL (its `Host`), so `localhost`, `127.0.0.1`, a
 * server listening on `0.0.0.0` and a container's mapped port all paginate.
 *
 * @module
 */

/** `'base-url'` (default) or `'request'`: see the module comment. */
export type LinkOrigin = 'base-url' | 'request';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const unquote = (value: string) => value.trim().replace(/^"(.*)"$/, '$1');

/** The `proto` and `host` of the first element of a `Forwarded` header. */
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

/**
 * The origin (`scheme://host[:port]`) the client reached, from the forwarding headers or the
 * request URL. Values that are not a plain scheme or host are ignored, so no header can put
 * anything else into a link.
 */
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
