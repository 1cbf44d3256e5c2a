/** Signed deliveries from data, so a suite in any language can test its `verify`: the user names
 * every part (spec 6.3 rule 5 shows no scheme; this is not the service's). @module */
import * as z from 'zod';
import { HEADER_NAME } from '../../internal/wire.ts';
import { parseInput } from '../server/control-inputs.ts';

/**
 * How to sign each delivery: an HMAC of `signed` with `secret`, in `encoding`, sent in `header`.
 * Every member is required: the spec shows no scheme, so none is assumed.
 */
const SignatureSchema = z
  .strictObject({
    /** The HMAC's hash. */
    algorithm: z.enum(['sha256', 'sha512', 'sha1']),
    /** How the digest is written. */
    encoding: z.enum(['hex', 'base64', 'base64url']),
    /** The header that carries it, such as `X-Signature`. */
    header: z.string().regex(HEADER_NAME, 'must be an HTTP header name').max(100),
    /** The key; never echoed back by the control API. */
    secret: z.string().min(1).max(1024),
    /**
     * What is signed: the body as sent (`body`), or `<timestamp>.<body>` with the Unix time in
     * seconds sent in `timestampHeader` (`timestamp.body`).
     */
    signed: z.enum(['body', 'timestamp.body']),
    /** With `signed: 'timestamp.body'`: the header of the timestamp. */
    timestampHeader: z
      .string()
      .regex(HEADER_NAME, 'must be an HTTP header name')
      .max(100)
      .optional(),
    /** Text before the digest, such as `sha256=`. Default none. */
    prefix: z
      .string()
      .max(64)
      .regex(/^[\x21-\x7e]*$/, 'must be visible ASCII')
      .optional(),
  })
  .refine((s) => (s.signed === 'timestamp.body') === (s.timestampHeader !== undefined), {
    message: "timestampHeader is required with signed 'timestamp.body', and only then",
    path: ['timestampHeader'],
  });

/** What `register({ signature })` and `POST /__control/webhooks` take as `signature`. */
export interface SignatureOptions {
  /** The HMAC's hash. */
  algorithm: 'sha256' | 'sha512' | 'sha1';
  /** How the digest is written. */
  encoding: 'hex' | 'base64' | 'base64url';
  /** The header that carries it, such as `X-Signature`. */
  header: string;
  /** The key; never echoed back by the control API. */
  secret: string;
  /** `body`, or `timestamp.body`: `<Unix seconds>.<body>`, the seconds sent in `timestampHeader`. */
  signed: 'body' | 'timestamp.body';
  /** With `signed: 'timestamp.body'` (and only then): the header of the timestamp. */
  timestampHeader?: string;
  /** Text before the digest, such as `sha256=`. */
  prefix?: string;
}

/** The schema of {@link SignatureOptions} (zod): every member but the last two required. */
export const SignatureSpec: z.ZodType<SignatureOptions, SignatureOptions> =
  SignatureSchema as never;

const HASHES = { sha256: 'SHA-256', sha512: 'SHA-512', sha1: 'SHA-1' } as const;

function encode(bytes: Uint8Array, encoding: 'hex' | 'base64' | 'base64url'): string {
  if (encoding === 'hex') return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  const base64 = btoa(String.fromCharCode(...bytes));
  return encoding === 'base64'
    ? base64
    : base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The `sign` function of a checked spec (Web Crypto, so it runs anywhere); `now` gives the time. */
export function signer(
  options: SignatureOptions,
  now: () => number,
  where = 'signature',
): (body: string) => Promise<Record<string, string>> {
  const spec = parseInput(SignatureSchema, options, where);
  const text = new TextEncoder();
  const key = crypto.subtle.importKey(
    'raw',
    text.encode(spec.secret),
    { name: 'HMAC', hash: HASHES[spec.algorithm] },
    false,
    ['sign'],
  );
  return async (body) => {
    const seconds = String(Math.floor(now() / 1000));
    const payload = spec.signed === 'body' ? body : `${seconds}.${body}`;
    const mac = await crypto.subtle.sign('HMAC', await key, text.encode(payload));
    const digest = encode(new Uint8Array(mac), spec.encoding);
    return {
      [spec.header]: `${spec.prefix ?? ''}${digest}`,
      ...(spec.timestampHeader && { [spec.timestampHeader]: seconds }),
    };
  };
}
