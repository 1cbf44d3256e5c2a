/**
 * A list filter is health data (a CPF, a patient's name). When a custom `fetch` throws an error
 * that quotes the request URL or one of its values, in whatever encoding, the SDK's error and its
 * `cause` copy keep neither the query string nor those values; what is too short to be a filter
 * (a page size) is left alone, so that messages stay readable.
 */
import { describe, expect, it } from 'vitest';
import { ClinicError } from '../../src/index.ts';
import { makeClient, rejection } from '../client/helpers.ts';

const CPF = '52998224725';
const NAME = 'Maria Joaquina';

/** The error of a `patients.list` walk whose `fetch` throws `make(url)` (a bug: not retried). */
async function failureOf(
  make: (url: string) => unknown,
  query: Record<string, string> = { cpf: CPF, name: NAME },
): Promise<ClinicError & { cause: Error }> {
  const fetch = (async (input: string) => {
    throw make(String(input));
  }) as unknown as typeof globalThis.fetch;
  const error = await rejection(
    makeClient({ fetch, maxRetries: 0 }).patients.list(query).toArray({ limit: 1 }),
  );
  expect(error).toBeInstanceOf(ClinicError);
  return error as ClinicError & { cause: Error };
}

/** Every text of an error and its cause copy that a log line or `onError` could show. */
function texts(error: ClinicError & { cause: Error }): string[] {
  return [error.message, String(error.stack), error.cause.message, String(error.cause.stack)];
}

describe('a custom fetch that quotes the request URL', () => {
  it('the query string goes as a whole; the path stays', async () => {
    const error = await failureOf((url) => new RangeError(`bad url ${url}`));
    for (const text of texts(error)) {
      expect(text).not.toContain('cpf=');
      expect(text).not.toContain(CPF);
      expect(text).not.toContain('Joaquina');
    }
    expect(error.cause.message).toMatch(
      /^bad url https:\/\/clinic\.test\/api\/public\/v1\/patients/,
    );
  });

  it.each([
    ['raw', NAME],
    ['URL-encoded', encodeURIComponent(NAME)],
    ['form-encoded', 'Maria+Joaquina'],
  ])('a value quoted alone, %s, is taken out', async (_form, quoted) => {
    const error = await failureOf(() => new RangeError(`no patient named ${quoted} here`));
    for (const text of texts(error)) expect(text).not.toContain('Joaquina');
    expect(error.cause.message).toMatch(/^no patient named .+ here$/);
  });

  it('a three-letter name is a value too', async () => {
    const error = await failureOf(() => new RangeError('no patient named Ana here'), {
      name: 'Ana',
    });
    for (const text of texts(error)) expect(text).not.toContain('Ana');
  });

  it('a one- or two-character value (too common to be a filter) is left in the message', async () => {
    const error = await failureOf(() => new RangeError('gave up after 12 tries'), {
      name: '12',
    });
    expect(error.cause.message).toBe('gave up after 12 tries');
  });
});

describe('what the cause copy says of a value that is not an Error', () => {
  it.each([
    ['a string', 'the socket broke', 'the socket broke'],
    ['a number', 42, '42'],
    ['a plain object', { reason: 'no' }, ''],
    ['a function (its source is never quoted)', () => 'source text', ''],
  ])('%s', async (_kind, thrown, message) => {
    const error = await failureOf(() => thrown);
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause.message).toBe(message);
  });
});
