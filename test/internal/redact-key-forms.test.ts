/**
 * Which forms of the key an echoed error body loses, exactly: the key and its secret as is, in
 * hex, and in base64 or base64url at any offset inside a longer encoded text (a proxy that
 * echoes a whole `Authorization` header in base64, say). The oracle is written here from the
 * encodings themselves: in the base64 of `prefix + value + suffix`, the characters from
 * `ceil(p / 3) * 4` to `floor((p + n) / 3) * 4` (p the prefix's bytes, n the value's) encode
 * the value's bytes alone; exactly those become `[redacted]` when they are at least 8, and the
 * rest of the text is kept as it was. Keys of every length modulo 3, and prefixes of every
 * offset, so that each cut of the encoding is seen.
 */
import { describe, expect, it } from 'vitest';
import { APIError } from '../../src/index.ts';
import { makeClient, rejection } from '../client/helpers.ts';

/** The APIError of a call with `apiKey` whose fetch answers `answer()`. */
async function errorFor(apiKey: string, answer: () => Response): Promise<APIError> {
  const fetch = (async () => answer()) as typeof globalThis.fetch;
  const error = await rejection(makeClient({ apiKey, maxRetries: 0, fetch }).rooms.retrieve(2));
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

/** The `detail` of the error of a call answered 400 with `{ detail: echoed }`. */
async function detailSeen(apiKey: string, echoed: string): Promise<string> {
  const error = await errorFor(apiKey, () => Response.json({ detail: echoed }, { status: 400 }));
  return error.detail ?? '';
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const base64 = (text: string) => latin1(text).toString('base64');
const base64url = (text: string) => latin1(text).toString('base64url');

/** `text` with `[start, end)` written `[redacted]`. */
const cut = (text: string, start: number, end: number) =>
  `${text.slice(0, start)}[redacted]${text.slice(end)}`;

/** Fillers around the value: bytes that are no part of any key, at each offset 0 to 5. */
const PREFIXES = [
  '',
  '\u00e9',
  '\u00e9!',
  'ab\u00ff',
  'ab\u00ff\u0001',
  '\u0010\u0011\u0012\u0013\u0014',
];
const SUFFIX = '\u00fe\u00fd\u00fc\u00fb';

// Secrets of 30, 31 and 32 characters, with and without the characters base64url changes.
const KEYS = [
  'clk_live_k7Fq2.Zq8+sEc/ReT=vAl-Ue0123456789xyzW',
  'clk_live_k7Fq2.Zq8+sEc/ReT=vAl-Ue0123456789xyzWa',
  'clk_live_k7Fq2.Zq8+sEc/ReT=vAl-Ue0123456789xyzWab',
  'acme_live_0001.abcdefghijklmnopqrstuvwxyz0123',
  'acme_live_0001.abcdefghijklmnopqrstuvwxyz01234',
];

describe('the base64 and base64url of the key, at every offset, lose exactly the characters that encode it', () => {
  const cases = KEYS.flatMap((key) =>
    PREFIXES.flatMap((prefix) =>
      (['base64', 'base64url'] as const).map((encoding) => ({ key, prefix, encoding })),
    ),
  );

  it.each(cases)(
    '$encoding of the key after $prefix.length bytes, key of $key.length',
    async ({ key, prefix, encoding }) => {
      const encode = encoding === 'base64' ? base64 : base64url;
      const text = encode(`${prefix}${key}${SUFFIX}`);
      const start = Math.ceil(prefix.length / 3) * 4;
      const end = Math.floor((prefix.length + key.length) / 3) * 4;
      expect(await detailSeen(key, text)).toBe(cut(text, start, end));
    },
  );

  it.each(KEYS.flatMap((key) => PREFIXES.map((prefix) => ({ key, prefix }))))(
    'base64 of the secret alone after $prefix.length bytes, key of $key.length',
    async ({ key, prefix }) => {
      const secret = key.slice(key.indexOf('.') + 1);
      const text = base64(`${prefix}${secret}${SUFFIX}`);
      const start = Math.ceil(prefix.length / 3) * 4;
      const end = Math.floor((prefix.length + secret.length) / 3) * 4;
      expect(await detailSeen(key, text)).toBe(cut(text, start, end));
    },
  );
});

describe('a short secret: its encoded cores are redacted only from 8 characters on', () => {
  // A 6-byte secret: at offset 0 its base64 is 8 characters of its own; at offsets 1 and 2
  // only 4 characters encode it alone, which would match ordinary text, so they are kept.
  const key = 'clk_live_k7Fq2.Qw3rTy';
  const secret = 'Qw3rTy';

  it('offset 0: the 8 characters are redacted', async () => {
    const text = base64(`abc${secret}def`);
    expect(await detailSeen(key, text)).toBe(cut(text, 4, 12));
  });

  it.each([
    ['offset 1', `a${secret}de`],
    ['offset 2', `ab${secret}d`],
  ])('%s: the 4 characters stay, and so does the rest', async (_name, plain) => {
    const text = base64(plain);
    expect(await detailSeen(key, text)).toBe(text);
  });
});

describe('hex of the key and of its secret, in either case', () => {
  const key = KEYS[0] as string;
  const secret = key.slice(key.indexOf('.') + 1);
  const hex = (text: string) => latin1(text).toString('hex');

  it.each([
    ['the key, lower case', `id=${hex(key)};`, 3, 3 + 2 * key.length],
    ['the key, upper case', `id=${hex(key).toUpperCase()};`, 3, 3 + 2 * key.length],
    ['the secret', `s:${hex(secret)}.`, 2, 2 + 2 * secret.length],
  ])('%s', async (_name, text, start, end) => {
    expect(await detailSeen(key, text)).toBe(cut(text, start, end));
  });
});

describe('the whole key is found before its secret', () => {
  it('a secret that is also the start of the key: one [redacted], the key id gone too', async () => {
    // The secret "clk_live" is the key's first 8 characters: were the secret looked for
    // first, "Bearer [redacted]_k7Fq2.[redacted]" would keep the key id.
    const key = 'clk_live_k7Fq2.clk_live';
    expect(await detailSeen(key, `Bearer ${key} sent`)).toBe('Bearer [redacted] sent');
  });

  it('the key URL-encoded inside a longer text: one [redacted]', async () => {
    const key = KEYS[0] as string;
    const text = `token=${encodeURIComponent(key)}&x=1`;
    expect(await detailSeen(key, text)).toBe('token=[redacted]&x=1');
  });
});

describe('base64url needs no form of its own', () => {
  it('no 3 characters a key may hold encode to + or / (the characters base64url changes)', () => {
    const allowed = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+/=.';
    let groups = 0;
    const offending: string[] = [];
    for (const a of allowed) {
      for (const b of allowed) {
        for (const c of allowed) {
          if (/[+/]/.test(btoa(a + b + c))) offending.push(a + b + c);
          groups++;
        }
      }
    }
    expect(offending).toEqual([]);
    expect(groups).toBe(allowed.length ** 3);
  });
});

describe('a parsed error body: each string and member name redacted, the rest kept as parsed', () => {
  it('a secret that starts with / behind a JSON escape, after a backslash: an APIError, not a SyntaxError', async () => {
    const key = 'clk_live_k7Fq2./S3cr3tS3cr3tXyZ';
    const raw = '{"detail":"echo \\\\\\u002fS3cr3tS3cr3tXyZ"}';
    const error = await errorFor(
      key,
      () => new Response(raw, { status: 403, headers: { 'content-type': 'application/json' } }),
    );
    expect(error.detail).toBe('echo [redacted]');
  });

  it('numbers JSON cannot write back (1e400, -0), booleans and null are kept as parsed', async () => {
    // The \u escape sends the body through the walk that redacts each string.
    const raw = '{"detail":"\\u0078","n":1e400,"z":-0,"list":[1e400,true,null,7]}';
    const error = await errorFor(KEYS[0] as string, () => new Response(raw, { status: 400 }));
    expect(error.body).toEqual({
      detail: 'x',
      n: Number.POSITIVE_INFINITY,
      z: -0,
      list: [Infinity, true, null, 7],
    });
    expect(Object.is((error.body as { z: number }).z, -0)).toBe(true);
  });
});
