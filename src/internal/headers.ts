/** Header maps: names lower-cased, values checked before sending (ky merges them). @module */

import { ConfigurationError } from '../core/errors/index.ts';
import { isRecord } from './utils.ts';
import { HEADER_NAME, HEADER_VALUE, IDEMPOTENCY_HEADER } from './wire.ts';

/** A header map whose values may be `undefined` (a header removed for one call). */
export type Headerish = Record<string, string | undefined>;

/** The `Idempotency-Key` header as the SDK's header maps name it. */
export const KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * Headers given for the client or a call (`where`): names lower-cased (the last duplicate
 * winning), the SDK's own (`authorization`, `idempotency-key`) taken out, the others checked;
 * and the `Idempotency-Key` they held. @throws {@link ConfigurationError}
 */
export function givenHeaders(
  headers: Record<string, string> | undefined,
  where: string,
): { headers: Headerish; key: string | undefined } {
  if (headers !== undefined && !isRecord(headers)) {
    throw new ConfigurationError(`${where} must be an object of header names and values.`);
  }
  const out: Headerish = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  const key = out[KEY_HEADER];
  delete out.authorization;
  delete out[KEY_HEADER];
  checkHeaders(out, where);
  return { headers: out, key };
}

/** Headers fetch manages: it throws a `TypeError` on them (a network failure) or drops them. */
const MANAGED = new Set(
  'connection content-length expect host keep-alive te trailer transfer-encoding upgrade'.split(
    ' ',
  ),
);

/**
 * A `user-agent` of `headers` goes before `ours` (the SDK's), which it never replaces nor
 * removes (`isClinicSdkRequest` reads it); the header to send.
 */
export function withUserAgent(headers: Headerish, ours: string): string {
  const theirs = headers['user-agent'];
  headers['user-agent'] = theirs ? `${theirs} ${ours}` : ours;
  return headers['user-agent'];
}

/**
 * Checks headers before sending: fetch's refusal would read as a network failure and repeat
 * the value. @throws {@link ConfigurationError} naming the header, never its value.
 */
function checkHeaders(headers: Headerish, where: string): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      throw new ConfigurationError(
        `${where}: ${JSON.stringify(name.slice(0, 60))} is not a valid header name (letters, ` +
          "digits and !#$%&'*+-.^_`|~ only).",
      );
    }
    if (MANAGED.has(name)) {
      throw new ConfigurationError(
        `${where}: ${name} cannot be set: fetch manages it (${[...MANAGED].join(', ')}). ` +
          'Remove it.',
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new ConfigurationError(`${where}: the value of header ${name} must be a string.`);
    }
    if (!HEADER_VALUE.test(value)) {
      throw new ConfigurationError(
        `${where}: the value of header ${name} cannot be sent: it holds a line break, a control ` +
          'character or a character beyond Latin-1 (the value is not repeated here).',
      );
    }
  }
}
