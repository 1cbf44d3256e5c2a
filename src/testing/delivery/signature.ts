/** Signed deliveries from data, so a suite in any language can test its `verify`: the user names
 * every part (spec 6.3 rule 5 shows no scheme; this is not the service's). @module */
import * as z from 'zod';
import { HEADER_NAME } from '../../internal/wire.ts';
import { parseInput } from '../server/control-inputs.ts';

const HeaderName = z.string().regex(HEADER_NAME, 'must be an HTTP header name').max(100);

/** `{name}` placeholders of a template, each at most once. */
const PLACEHOLDER = /\{([a-z]+)\}/g;
const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** The aliases of the first two forms of `signed`. */
const SIGNED_ALIASES: Record<string, string> = {
  body: '{body}',
  'timestamp.body': '{timestamp}.{body}',
};

/** What is wrong with a template whose placeholders must be among `names`, `required` once. */
function templateProblem(
  t: string,
  names: readonly string[],
  required: string,
): string | undefined {
  if (!/^[\x21-\x7e]*$/.test(t)) return 'must be visible ASCII (no space)';
  const used = placeholders(t);
  const stray = used.find((p) => !names.includes(p));
  if (stray !== undefined) {
    return `{${stray}} is not a placeholder; use ${names.map((n) => `{${n}}`).join(', ')}`;
  }
  if (new Set(used).size !== used.length) return 'holds a placeholder twice';
  if (!used.includes(required)) return `must hold {${required}}`;
  return undefined;
}

/**
 * How to sign each delivery: an HMAC of `signed` with `secret`, in `encoding`, sent in `header`.
 * Every member but the optional ones is required: the spec shows no scheme, so none is assumed.
 */
const SignatureSchema = z
  .strictObject({
    algorithm: z.enum(['sha256', 'sha512', 'sha1']),
    encoding: z.enum(['hex', 'base64', 'base64url']),
    header: HeaderName,
    secret: z.string().min(1).max(1024),
    signed: z.string().max(200),
    timestampHeader: HeaderName.optional(),
    idHeader: HeaderName.optional(),
    prefix: z
      .string()
      .max(64)
      .regex(/^[\x21-\x7e]*$/, 'must be visible ASCII')
      .optional(),
    value: z.string().max(200).optional(),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const signedTemplate = SIGNED_ALIASES[s.signed] ?? s.signed;
    const badSigned = templateProblem(signedTemplate, ['id', 'timestamp', 'body'], 'body');
    if (badSigned) issue('signed', `'body', 'timestamp.body' or a template: ${badSigned}`);
    const badValue =
      s.value && templateProblem(s.value, ['id', 'timestamp', 'signature'], 'signature');
    if (badValue) issue('value', badValue);
    if (badSigned || badValue) return;
    const signed = placeholders(signedTemplate);
    const shown = placeholders(s.value ?? '');
    if (s.prefix !== undefined && s.value !== undefined) {
      issue('value', 'give either value or prefix (value holds its own text before {signature})');
    }
    const timestampSigned = signed.includes('timestamp');
    if (timestampSigned && s.timestampHeader === undefined && !shown.includes('timestamp')) {
      issue(
        'timestampHeader',
        'is required when the timestamp is signed, unless value carries {timestamp}',
      );
    }
    if (!timestampSigned && s.timestampHeader !== undefined) {
      issue('timestampHeader', 'is sent only when signed covers {timestamp}');
    }
    if (!timestampSigned && shown.includes('timestamp')) {
      issue('value', 'shows {timestamp} only when signed covers it');
    }
    const names = [s.header, s.timestampHeader, s.idHeader]
      .filter(Boolean)
      .map((n) => n!.toLowerCase());
    if (new Set(names).size !== names.length) {
      issue('header', 'header, timestampHeader and idHeader must be different headers');
    }
  });

/** What `register({ signature })` and `POST /__control/webhooks` take as `signature`. */
export interface SignatureOptions {
  /** The HMAC's hash. */
  algorithm: 'sha256' | 'sha512' | 'sha1';
  /** How the digest is written. */
  encoding: 'hex' | 'base64' | 'base64url';
  /** The header that carries the signature, such as `X-Signature` or `Stripe-Signature`. */
  header: string;
  /** The key; never echoed back by the control API. */
  secret: string;
  /**
   * What is signed: `body` (the body as sent), `timestamp.body` (`<Unix seconds>.<body>`), or a
   * template of `{body}` (once) with `{timestamp}` and `{id}` (the envelope's `evt_...` id), such
   * as `{id}.{timestamp}.{body}`.
   */
  signed: 'body' | 'timestamp.body' | (string & {});
  /** A header carrying the timestamp; required when it is signed, unless `value` shows it. */
  timestampHeader?: string;
  /** A header carrying the event id (`evt_...`), such as `webhook-id`. */
  idHeader?: string;
  /** Text before the digest, such as `sha256=`. Not with `value`. */
  prefix?: string;
  /**
   * The signature header's whole value, a template of `{signature}` (once) with `{timestamp}` and
   * `{id}`: `t={timestamp},v1={signature}` puts the timestamp and the signature in one header.
   */
  value?: string;
}

/** The schema of {@link SignatureOptions} (zod). */
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

const fill = (text: string, parts: Record<string, string>) =>
  text.replace(PLACEHOLDER, (_, name: string) => parts[name]!);

/** Signs the body of one envelope: the headers to send. */
export type Signer = (
  body: string,
  envelope: { readonly id: string },
) => Promise<Record<string, string>>;

/** The `sign` function of a checked spec (Web Crypto, so it runs anywhere); `now` gives the time. */
export function signer(options: SignatureOptions, now: () => number, where = 'signature'): Signer {
  const spec = parseInput(SignatureSchema, options, where);
  const signed = SIGNED_ALIASES[spec.signed] ?? spec.signed;
  const value = spec.value ?? `${spec.prefix ?? ''}{signature}`;
  const text = new TextEncoder();
  const key = crypto.subtle.importKey(
    'raw',
    text.encode(spec.secret),
    { name: 'HMAC', hash: HASHES[spec.algorithm] },
    false,
    ['sign'],
  );
  return async (body, envelope) => {
    const parts = { id: envelope.id, timestamp: String(Math.floor(now() / 1000)), body };
    const mac = await crypto.subtle.sign('HMAC', await key, text.encode(fill(signed, parts)));
    const signature = encode(new Uint8Array(mac), spec.encoding);
    return {
      ...(spec.idHeader && { [spec.idHeader]: envelope.id }),
      ...(spec.timestampHeader && { [spec.timestampHeader]: parts.timestamp }),
      [spec.header]: fill(value, { ...parts, signature }),
    };
  };
}
