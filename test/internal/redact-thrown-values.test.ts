/**
 * What a custom `fetch` throws never reaches the caller: the call's error holds, as its
 * `cause`, a copy the SDK builds (a plain `Error` with the thrown value's name, message, stack
 * and first `code`, each with the key removed), whatever was thrown. The guarantee pinned here:
 * the key does not appear raw, URL-encoded, base64 or hex in the error, however it is rendered.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ClinicError } from '../../src/index.ts';
import {
  API_KEY,
  BASE_URL,
  expectCopyOf,
  makeClient,
  rejection,
  SECRET,
} from '../client/helpers.ts';

const BEARER = `Bearer ${API_KEY}`;
const FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  Buffer.from(SECRET).toString('base64'),
  Buffer.from(SECRET).toString('base64url'),
  Buffer.from(SECRET).toString('hex'),
];

/** The error of a call whose `fetch` throws `make(init)`; fails on any form of the key. */
async function failureOf(make: (init: RequestInit, url: string) => unknown): Promise<ClinicError> {
  const client = makeClient({
    maxRetries: 0,
    fetch: (async (url: string, init: RequestInit) => {
      throw make(init, url);
    }) as unknown as typeof fetch,
  });
  const error = await rejection(client.rooms.retrieve(2));
  expect(error).toBeInstanceOf(ClinicError);
  const shown = [
    inspect(error, { depth: 20, showHidden: true }),
    JSON.stringify(error),
    JSON.stringify((error as Error).cause),
    String((error as Error).stack),
  ].join('\n');
  for (const form of FORMS) expect(shown.toLowerCase()).not.toContain(form.toLowerCase());
  return error as ClinicError;
}

/** The key, written `encode`d, inside a message. */
const encoded = (encode: (text: string) => string) => `x ${encode(BEARER)} y`;

describe('whatever a custom fetch throws, the cause is a copy the SDK built', () => {
  it.each([
    ['an error holding no key', () => new RangeError('bug')],
    ['an error with members', () => Object.assign(new RangeError('bug'), { detail: { a: 1 } })],
    ['a Request made from the init', (init: RequestInit, url: string) => new Request(url, init)],
    ['a Headers holding the key', (init: RequestInit) => new Headers(init.headers)],
    ['an error holding the init', (init: RequestInit) => Object.assign(new Error('bug'), { init })],
    ['a DOMException', () => new DOMException('operation failed', 'InvalidStateError')],
    ['a plain object', () => ({ name: 'FetchBug', message: 'failed', init: { BEARER } })],
    ['a function', () => Object.assign(() => {}, { auth: BEARER })],
    ['a string', () => 'oops'],
    ['a number', () => 42],
    ['null', () => null],
    ['a symbol naming the key', () => Symbol(BEARER)],
    ['an instance of an Error subclass', () => new (class FetchBug extends Error {})('bug')],
    ['an error whose cause holds the key', () => new Error('bug', { cause: { BEARER } })],
  ])('%s', async (_name, make) => {
    let thrown: unknown;
    const error = await failureOf((init, url) => {
      thrown = (make as (init: RequestInit, url: string) => unknown)(init, url);
      return thrown;
    });
    expect(error.cause === thrown).toBe(false);
    expect(Object.getPrototypeOf(error.cause)).toBe(Error.prototype);
    // Only what the SDK copies: never a member, a request or headers; a nested cause is a copy too.
    expect(Object.keys(error.cause as object).filter((k) => k !== 'name')).toEqual([]);
    const nested = (error.cause as Error).cause;
    if (nested !== undefined) expect(Object.getPrototypeOf(nested)).toBe(Error.prototype);
  });

  it('the copy holds the name, message and stack of an error', async () => {
    const thrown = new RangeError('a bug in the custom fetch');
    expectCopyOf((await failureOf(() => thrown)).cause, thrown);
    expect(((await failureOf(() => thrown)).cause as Error).stack).toBe(thrown.stack);
  });

  it('a primitive thrown is the copy message', async () => {
    expect(((await failureOf(() => 'oops')).cause as Error).message).toBe('oops');
    expect(((await failureOf(() => 42)).cause as Error).message).toBe('42');
  });

  it('the copy holds the first code along the cause chain (undici puts it one level down)', async () => {
    const thrown = new RangeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect((await failureOf(() => thrown)).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('a member whose getter throws is left out; the call still rejects with a ClinicError', async () => {
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
    expect((error.cause as Error).stack).toBe('RangeError: bug');
  });
});

describe('the key is removed from what is copied, in every form', () => {
  it.each([
    ['raw', (t: string) => t],
    ['URL-encoded', encodeURIComponent],
    ['URL-encoded, lower-case hex', (t: string) => encodeURIComponent(t).toLowerCase()],
    ['JSON-escaped', (t: string) => t.replaceAll('/', '\\/')],
    ['base64', (t: string) => Buffer.from(t).toString('base64')],
    ['base64url', (t: string) => Buffer.from(t).toString('base64url')],
    ['hex', (t: string) => Buffer.from(t).toString('hex')],
    ['HEX', (t: string) => Buffer.from(t).toString('hex').toUpperCase()],
  ])('%s, in the name, message, stack and code', async (_name, encode) => {
    const text = encoded(encode);
    const thrown = Object.assign(new Error(text), { name: `Bug ${text}`, code: `E ${text}` });
    const error = await failureOf(() => thrown);
    const copy = error.cause as Error & { code: string };
    expect(copy.message).toContain('[redacted]');
    expect(copy.name).toContain('[redacted]');
    expect(copy.code).toContain('[redacted]');
    expect(copy.stack).toContain('[redacted]');
  });

  it("the call's own message and stack, which name the fetch's message, too", async () => {
    const error = await failureOf(
      (init) => new TypeError(`connect failed ${new Headers(init.headers).get('authorization')}`),
    );
    expect(error.message).toContain('GET /api/public/v1/rooms/2 failed');
    expect(error.message).toContain('(connect failed Bearer [redacted])');
    expect(error.stack?.split('\n')[0]).toBe(`APIConnectionError: ${error.message}`);
    expect((error.cause as Error).message).toBe('connect failed Bearer [redacted]');
  });

  it('a DOMException whose message (a getter of its prototype) names it', async () => {
    const error = await failureOf((init) => {
      const thrown = new DOMException(`lost ${new Headers(init.headers).get('authorization')}`);
      delete (thrown as { stack?: string }).stack;
      return thrown;
    });
    expect((error.cause as Error).message).toBe('lost Bearer [redacted]');
  });
});

it('the base URL the fetch names is no secret: it stays', async () => {
  const error = await failureOf(() => new RangeError(`bug at ${BASE_URL}`));
  expect((error.cause as Error).message).toBe(`bug at ${BASE_URL}`);
});
