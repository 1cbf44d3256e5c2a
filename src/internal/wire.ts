/** Facts of the wire that the client, the reference server and the tests share. @module */

/** The path every endpoint of the API lives under (spec 9). */
export const API_PREFIX = '/api/public/v1';

/** An operation's path template as hooks, logs, spans and drift reports name it, whatever the
 * base URL's own path: `/api/public/v1/appointments/{id}`. */
export function templateOf(row: { readonly path: string }): string {
  return `${API_PREFIX}${row.path}`;
}

/** The SDK's product token in its `User-Agent` (`<token>/<version> <runtime>`), by which
 * `isClinicSdkRequest` knows the SDK's requests. */
export const USER_AGENT_PRODUCT = 'clinic-scheduling-sdk-typescript';

/** The request header that makes a `POST /appointments` safe to repeat (spec 4.4 and 8). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The response header of an answer replayed for a repeated `Idempotency-Key` (spec 8). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

// Latin-1 beyond ASCII travels as bytes, so a header value may carry it.
const LATIN1 = '\\x80-\\xff';
const VISIBLE = `\\x21-\\x7e${LATIN1}`;
const ANY = `\\t\\x20-\\x7e${LATIN1}`;

/** A header value HTTP carries unchanged (fetch trims its ends): no line break or control character. */
export const HEADER_VALUE = new RegExp(`^[${ANY}]*$`);

/** A header value that arrives exactly as given, not empty, no white space at its ends: the `Idempotency-Key`'s rule. */
export const EXACT_HEADER_VALUE = new RegExp(`^[${VISIBLE}](?:[${ANY}]*[${VISIBLE}])?$`);

/** A header name: an HTTP token (RFC 9110, 5.1). */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
