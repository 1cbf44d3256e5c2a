/** Telling the SDK's own requests apart in another instrumentation's hooks. @module */
import { USER_AGENT_PRODUCT } from '../internal/wire.ts';

/** The SDK's product token at the start of a `User-Agent` or after a space. */
const TOKEN = new RegExp(`(?:^|\\s)${USER_AGENT_PRODUCT}/`);

/**
 * Whether `request` was sent by this SDK, told by its `User-Agent` (the SDK's product token,
 * which a `user-agent` header of the options never removes: theirs is put before it). Takes
 * a request as OpenTelemetry's instrumentations hand it to their hooks: undici's
 * (`ignoreRequestHook`, `startSpanHook`: `headers` as `[name, value, ...]` or as
 * `name: value\r\n` lines), a Fetch `Request`, or http's outgoing request (`getHeader`) and
 * its options (`headers` as an object). Anything else is `false`.
 *
 * With the client's `openTelemetry` set, pass it as undici's `ignoreRequestHook`, so that the
 * request is counted once, by the SDK (docs/observability.md).
 */
export function isClinicSdkRequest(request: unknown): boolean {
  return TOKEN.test(String(userAgentOf(request)));
}

function userAgentOf(request: unknown): unknown {
  const { headers, getHeader } = Object(request) as { headers?: unknown; getHeader?: unknown };
  if (typeof getHeader === 'function') return join(getHeader.call(request, 'user-agent'));
  if (typeof headers === 'string') return /^user-agent:(.*)/im.exec(headers)?.[1];
  if (Array.isArray(headers)) {
    const at = headers.findIndex((name, i) => i % 2 === 0 && isUserAgent(name));
    return at < 0 ? undefined : join(headers[at + 1]);
  }
  if (typeof (headers as Headers | undefined)?.get === 'function') {
    return (headers as Headers).get('user-agent');
  }
  return join(Object.entries(Object(headers)).find(([name]) => isUserAgent(name))?.[1]);
}

function isUserAgent(name: unknown): boolean {
  return String(name).toLowerCase() === 'user-agent';
}

/** A header's values (`string | string[]`, as node and undici keep them) as one text. */
function join(value: unknown): unknown {
  return Array.isArray(value) ? value.join(' ') : value;
}
