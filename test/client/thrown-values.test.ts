/**
 * What a custom `fetch` throws becomes the `cause` of the call's error: kept as it was when
 * nothing in it holds the key, else replaced by a copy without the key. What cannot be searched
 * is not trusted: an object nested deeper than the search goes, one whose contents are not its
 * own members (a `Request`, a `Headers`: `util.inspect` shows their contents all the same), a
 * member whose getter throws. The copy keeps the name, message, stack, `code` and three levels
 * of `cause`, the key redacted from each.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ClinicError } from '../../src/index.ts';
import { API_KEY, BASE_URL, makeClient, rejection, SECRET } from './helpers.ts';

const BEARER = `Bearer ${API_KEY}`;

/** The error of a call whose `fetch` throws `make(init)`. */
async function failureOf(make: (init: RequestInit, url: string) => unknown): Promise<ClinicError> {
  const client = makeClient({
    maxRetries: 0,
    fetch: (async (url: string, init: RequestInit) => {
      throw make(init, url);
    }) as unknown as typeof fetch,
  });
  const error = await rejection(client.rooms.retrieve(2));
  expect(error).toBeInstanceOf(ClinicError);
  const shown = inspect(error, { depth: 20, showHidden: true });
  expect(shown).not.toContain(SECRET);
  return error as ClinicError;
}

describe('a cause that holds no key is kept as it was', () => {
  it('an error with nested members, arrays, nulls and a null-prototype object, 4 levels deep', async () => {
    const bare = Object.assign(Object.create(null) as object, { note: 'no key here' });
    const thrown = Object.assign(new RangeError('bug'), {
      detail: { list: [1, 'x', null, bare], none: null },
      deep: { b: { c: { d: { e: 'still no key' } } } },
    });
    const error = await failureOf(() => thrown);
    expect(error.cause).toBe(thrown);
  });

  it('a thrown number and null are kept', async () => {
    expect((await failureOf(() => 42)).cause).toBe(42);
    expect((await failureOf(() => null)).cause).toBe(null);
  });
});

describe('what is not searched is not trusted: the cause is copied', () => {
  const copied = async (thrown: Error) => {
    const error = await failureOf(() => thrown);
    // Not `expect(...).not.toBe(thrown)`: vitest would render `thrown`, reading its getters.
    expect(error.cause === thrown).toBe(false);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).name).toBe(thrown.name);
    expect((error.cause as Error).message).toBe(thrown.message);
    return error.cause as Error;
  };

  it('an object one level deeper than the search, though it holds no key', async () => {
    await copied(Object.assign(new RangeError('bug'), { deep: { b: { c: { d: { e: {} } } } } }));
  });

  it('a Request, even one without the Authorization header', async () => {
    await copied(Object.assign(new RangeError('bug'), { request: new Request(BASE_URL) }));
  });

  it('a Request made from the init, which holds the key', async () => {
    await copied(
      Object.assign(new RangeError('bug'), { request: new Request(BASE_URL, { headers: {} }) }),
    );
    const error = await failureOf((init, url) =>
      Object.assign(new RangeError('bug'), { request: new Request(url, init) }),
    );
    expect(inspect(error.cause, { depth: 20 })).not.toContain('authorization');
  });

  it('a Headers holding the key', async () => {
    const error = await failureOf((init) =>
      Object.assign(new RangeError('bug'), { headers: new Headers(init.headers) }),
    );
    expect(Object.keys(error.cause as object)).not.toContain('headers');
  });

  it('a member whose getter throws', async () => {
    const thrown = new RangeError('bug');
    Object.defineProperty(thrown, 'trap', {
      enumerable: true,
      get() {
        throw new Error('no reading this');
      },
    });
    await copied(thrown);
  });

  it('a non-enumerable member holding the key', async () => {
    const thrown = new RangeError('bug');
    Object.defineProperty(thrown, 'hidden', { value: BEARER, enumerable: false });
    await copied(thrown);
  });

  it('a member under a symbol holding the key', async () => {
    await copied(Object.assign(new RangeError('bug'), { [Symbol('init')]: { auth: BEARER } }));
  });

  it('the key in the cause of a cause, in an array', async () => {
    await copied(
      new RangeError('bug', { cause: Object.assign(new Error('inner'), { list: ['a', BEARER] }) }),
    );
  });
});

describe('more values that hold the key, or may', () => {
  it('a DOMException whose message (a getter of its prototype) names it, its stack deleted', async () => {
    const error = await failureOf((init) => {
      const thrown = new DOMException(`lost ${new Headers(init.headers).get('authorization')}`);
      delete (thrown as { stack?: string }).stack;
      return thrown;
    });
    expect((error.cause as Error).message).toBe('lost Bearer [redacted]');
  });

  it('a DOMException that holds no key is kept', async () => {
    const thrown = new DOMException('operation failed', 'InvalidStateError');
    expect((await failureOf(() => thrown)).cause).toBe(thrown);
  });

  it('a stack whose getter throws: the call still rejects with a ClinicError, the stack left out', async () => {
    const error = await failureOf(() => {
      const thrown = new RangeError('bug');
      Object.defineProperty(thrown, 'stack', {
        get() {
          throw new Error(`cannot format ${BEARER}`);
        },
      });
      return thrown;
    });
    expect((error.cause as Error).message).toBe('bug');
    expect((error.cause as Error).stack).toBeUndefined();
  });

  it.each([
    ['a function with a member', () => Object.assign(() => {}, { auth: BEARER })],
    ['a function holding nothing', () => () => {}],
    ['an own toJSON', () => Object.assign(new RangeError('bug'), { toJSON: () => ({ BEARER }) })],
    ['the key as a member name', () => Object.assign(new RangeError('bug'), { [BEARER]: true })],
    ['a symbol naming it', () => Symbol(BEARER)],
    ['an instance of an Error subclass', () => new (class FetchBug extends Error {})('bug')],
  ])('%s: replaced by a copy', async (_name, make) => {
    const thrown = make();
    const error = await failureOf(() => thrown);
    expect(error.cause === thrown).toBe(false);
    expect(error.cause).toBeInstanceOf(Error);
    expect(JSON.stringify(error.cause) ?? '').not.toContain(SECRET);
  });

  it('the name of the copy is redacted too', async () => {
    const thrown = Object.assign(new Error(`x ${BEARER}`), { name: `Bug ${SECRET}` });
    const error = await failureOf(() => thrown);
    expect((error.cause as Error).name).toBe('Bug [redacted]');
  });
});

describe('the copy: name, message, stack, code and cause, the key redacted from each', () => {
  it('a thrown plain object', async () => {
    const thrown = {
      name: 'FetchBug',
      message: `failed with ${BEARER}`,
      stack: `FetchBug: failed with ${BEARER}\n    at send (proxy.js:1:1)`,
      code: `E_${SECRET}`,
      cause: { message: `inner ${BEARER}`, cause: 42 },
      init: { headers: { authorization: BEARER } },
    };
    const error = await failureOf(() => thrown);
    const copy = error.cause as Error & { code?: string };
    expect(copy).toBeInstanceOf(Error);
    expect(copy.name).toBe('FetchBug');
    expect(copy.message).toBe('failed with Bearer [redacted]');
    expect(copy.stack).toBe('FetchBug: failed with Bearer [redacted]\n    at send (proxy.js:1:1)');
    expect(copy.code).toBe('E_[redacted]');
    expect(Object.keys(copy)).not.toContain('init');
    const inner = copy.cause as Error;
    expect(inner).toBeInstanceOf(Error);
    expect(inner.name).toBe('Error');
    expect(inner.message).toBe('inner Bearer [redacted]');
    expect(inner.stack).toBeUndefined();
    expect(inner.cause).toBe(42);
    expect(Object.hasOwn(inner, 'code')).toBe(false);
  });

  it('members that are not strings are left out: an empty message, no name, stack or code', async () => {
    const error = await failureOf(() => ({
      message: 42,
      name: 7,
      stack: 8,
      code: 9,
      auth: BEARER,
    }));
    const copy = error.cause as Error;
    expect(copy.message).toBe('');
    expect(copy.name).toBe('Error');
    expect(copy.stack).toBeUndefined();
    expect(Object.hasOwn(copy, 'code')).toBe(false);
    expect(Object.hasOwn(copy, 'cause')).toBe(false);
  });

  it('a null cause inside a copied one stays null', async () => {
    const error = await failureOf(() => ({ message: BEARER, cause: null }));
    expect((error.cause as Error).cause).toBe(null);
  });

  it('three levels of cause are copied, the fourth left out', async () => {
    let thrown: Error = new Error(`level 4 ${BEARER}`);
    for (const level of [3, 2, 1, 0]) thrown = new Error(`level ${level}`, { cause: thrown });
    const error = await failureOf(() => thrown);
    const messages: string[] = [];
    for (let copy = error.cause as Error | undefined; copy; copy = copy.cause as Error) {
      expect(copy).not.toBe(thrown);
      messages.push(copy.message);
    }
    expect(messages).toEqual(['level 0', 'level 1', 'level 2', 'level 3']);
  });

  it('a thrown string holding the key is kept redacted', async () => {
    const error = await failureOf(() => `oops ${BEARER}`);
    expect(error.cause).toBe('oops Bearer [redacted]');
  });
});

describe("the error's own message and stack", () => {
  it('both redacted, the stack read after the message named the key', async () => {
    const error = await failureOf(
      (init) => new TypeError(`connect failed ${new Headers(init.headers).get('authorization')}`),
    );
    const expected =
      'GET /api/public/v1/rooms/2 failed: no response was received (connect failed Bearer [redacted]).';
    expect(error.message).toBe(expected);
    expect(error.stack?.split('\n')[0]).toBe(`APIConnectionError: ${expected}`);
    expect((error.cause as Error).message).toBe('connect failed Bearer [redacted]');
  });
});
