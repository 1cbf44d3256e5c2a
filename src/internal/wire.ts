/**
 * Facts of the wire that the client, the reference server and the tests share, each defined
 * here once: the path every endpoint lives under, the header names the spec defines, and the
 * characters an HTTP header value can carry. Not API (see ./README.md); `API_PREFIX` is
 * re-exported by the root entry.
 *
 * @module
 */

/** The path every endpoint of the API lives under (spec 9). */
export const API_PREFIX = '/api/public/v1';

/** The request header that makes a `POST /appointments` safe to repeat (spec 4.4 and 8). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The response header of an answer replayed for a repeated `Idempotency-Key` (spec 8). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The Latin-1 characters beyond ASCII, which a header value carries as bytes. */
const LATIN1 = '\\x80-\\xff';
/** A visible character a header value carries unchanged: visible ASCII and Latin-1. */
const VISIBLE = `\\x21-\\x7e${LATIN1}`;
/** Any character a header value carries unchanged: a visible one, a space or a tab. */
const ANY = `\\t\\x20-\\x7e${LATIN1}`;

/**
 * A header value HTTP carries unchanged: tab, visible ASCII, space and Latin-1; no line break,
 * no other control character, nothing beyond Latin-1. May be empty, and may start or end with
 * white space (fetch trims a general header's ends).
 */
export const HEADER_VALUE = new RegExp(`^[${ANY}]*$`);

/**
 * A header value that arrives exactly as given: {@link HEADER_VALUE}, not empty, and with no
 * white space at either end (fetch would trim it). The rule of the `Idempotency-Key`.
 */
export const EXACT_HEADER_VALUE = new RegExp(`^[${VISIBLE}](?:[${ANY}]*[${VISIBLE}])?$`);

/** A header name: an HTTP token (RFC 9110, 5.1). */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
