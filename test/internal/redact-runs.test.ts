/**
 * Where exactly the key's runs are cleared, beyond redact-key-forms.test.ts: each occurrence
 * on its own, back-to-back occurrences as one, a run inside a longer form's match, a secret
 * shorter than a run, a lone run in base64 at each offset; and a thrown message that quotes the
 * query string without its `?`, or one filter's value inside another's.
 */
import { describe, expect, it } from 'vitest';
import { APIError, ClinicError } from '../../src/index.ts';
import { API_KEY, makeClient, rejection } from '../client/helpers.ts';

/** The `detail` the SDK keeps of a 400 whose body echoes `echoed`, the client using `apiKey`. */
async function echoed(echoed: string, apiKey = API_KEY): Promise<string | undefined> {
  const fetch = (async () =>
    Response.json({ detail: echoed }, { status: 400 })) as typeof globalThis.fetch;
  const error = await rejection(makeClient({ apiKey, maxRetries: 0, fetch }).rooms.retrieve(2));
  expect(error).toBeInstanceOf(APIError);
  return (error as APIError).detail;
}

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('the key in a text', () => {
  it('two occurrences apart: each cleared, the text between them kept', async () => {
    expect(await echoed(`a ${API_KEY} b ${API_KEY} c`)).toBe('a [redacted] b [redacted] c');
  });

  it('two occurrences back to back: cleared as one', async () => {
    expect(await echoed(`a${API_KEY}${API_KEY}b`)).toBe('a[redacted]b');
  });

  it('a run found inside a longer form already matched does not end the match early', async () => {
    // The secret holds, raw, characters of the hex of the key's first run.
    const key = 'clk_live_k1.6c6b5f6c6976zzzzzzzzzzzzzzzzzzzz';
    expect(await echoed(`<${hex(key.slice(0, 12))}>`, key)).toBe('<[redacted]>');
  });

  it("the key's last twelve characters alone are a run", async () => {
    expect(await echoed(`x ${API_KEY.slice(-12)} y`)).toBe('x [redacted] y');
  });

  it('where a longer and a shorter form match at one place, the longer is cleared whole', async () => {
    // The secret is, raw, the first half of the hex of the key's first run.
    const key = 'clk_live_k1.636c6b5f6c69';
    expect(await echoed(`<${hex(key.slice(0, 12))}>`, key)).toBe('<[redacted]>');
  });

  it('a secret shorter than a run is cleared whole, raw and in base64', async () => {
    const key = 'clk_live_k7Fq2.abcdef';
    expect(await echoed('x abcdef y', key)).toBe('x [redacted] y');
    expect(await echoed(`x ${base64('abcdef')} y`, key)).toBe('x [redacted] y');
  });

  it.each([1, 2])(
    'a lone run in base64 after %i byte(s): the characters it alone encodes are cleared',
    async (prefixBytes) => {
      const run = API_KEY.slice(20, 32);
      const encoded = base64(`${'\u00e9'.repeat(prefixBytes)}${run}\u00fe\u00fd\u00fc`);
      const start = Math.ceil(prefixBytes / 3) * 4;
      const end = Math.floor((prefixBytes + run.length) / 3) * 4;
      expect(await echoed(encoded)).toBe(
        `${encoded.slice(0, start)}[redacted]${encoded.slice(end)}`,
      );
    },
  );
});

/** The error of a `patients.list` walk with `query` whose `fetch` throws `message(url)`. */
async function thrown(
  query: Record<string, string>,
  message: (url: URL) => string,
): Promise<ClinicError> {
  const fetch = (async (input: string) => {
    throw new RangeError(message(new URL(input)));
  }) as unknown as typeof globalThis.fetch;
  const error = await rejection(
    makeClient({ fetch, maxRetries: 0 }).patients.list(query).toArray({ limit: 1 }),
  );
  expect(error).toBeInstanceOf(ClinicError);
  return error as ClinicError;
}

describe('the query in a thrown message', () => {
  it('quoted without its "?", it goes as a whole, its names and short values too', async () => {
    const error = await thrown(
      { cpf: '52998224725', name: 'Ana' },
      (url) => `sent ${url.search.slice(1)}`,
    );
    for (const text of [error.message, String((error.cause as Error).message)]) {
      expect(text).not.toContain('cpf=');
      expect(text).not.toContain('name=');
    }
  });

  it('one value inside another: the longer goes whole, nothing of it is left', async () => {
    const error = await thrown(
      { cpf: '52998224725', name: 'Ana 52998224725' },
      () => 'no patient named Ana 52998224725',
    );
    expect((error.cause as Error).message).not.toContain('Ana');
    expect((error.cause as Error).message).not.toContain('52998224725');
  });
});

/** The copy of what a custom `fetch` threw, as the connection error carries it. */
async function causeOf(thrown: unknown): Promise<Error> {
  const fetch = (async () => {
    throw thrown;
  }) as unknown as typeof globalThis.fetch;
  const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
  return (error as Error).cause as Error;
}

describe('the copy of a thrown cause chain', () => {
  it('an Error without a cause: its copy has none', async () => {
    const copy = await causeOf(new RangeError('the socket broke'));
    expect(copy.message).toBe('the socket broke');
    expect(Object.hasOwn(copy, 'cause')).toBe(false);
  });

  it('a chain seven deep: five links are copied, the rest left out', async () => {
    let thrown = new Error('link 7');
    for (let link = 6; link >= 1; link--) thrown = new Error(`link ${link}`, { cause: thrown });
    const links: string[] = [];
    for (let copy: unknown = await causeOf(thrown); copy; copy = (copy as Error).cause) {
      links.push((copy as Error).message);
    }
    expect(links).toEqual(['link 1', 'link 2', 'link 3', 'link 4', 'link 5']);
  });
});

describe('a parsed error body', () => {
  it('null members and items are kept as null', async () => {
    const fetch = (async () =>
      Response.json(
        { detail: API_KEY, extra: null, items: [null, API_KEY] },
        { status: 400 },
      )) as typeof globalThis.fetch;
    const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
    expect((error as APIError).body).toEqual({
      detail: '[redacted]',
      extra: null,
      items: [null, '[redacted]'],
    });
  });
});
