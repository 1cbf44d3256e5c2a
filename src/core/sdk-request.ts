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
  const agent = userAgentOf(request);
  return typeof agent === 'string' && TOKEN.test(agent);
}

function userAgentOf(request: unknown): unknown {
  if (!request || typeof request !== 'object') return undefined;
  const r = request as { headers?: unknown; getHeader?: unknown };
  if (typeof r.getHeader === 'function') return join(r.getHeader('user-agent'));
  const { headers } = r;
  if (typeof headers === 'string') return /^user-agent:(.*)$/im.exec(headers)?.[1];
  if (Array.isArray(headers)) {
    const values: unknown[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) {
      if (String(headers[i]).toLowerCase() === 'user-agent') values.push(join(headers[i + 1]));
    }
    return values.join(' ');
  }
  if (!headers || typeof headers !== 'object') return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get('user-agent');
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'user-agent') return join(value);
  }
  return undefined;
}

/** A header's values (`string | string[]`, as node and undici keep them) as one text. */
function join(value: unknown): unknown {
  return Array.isArray(value) ? value.join(' ') : value;
}
