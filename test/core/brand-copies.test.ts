/**
 * `instanceof` across two copies of the error classes, from the source (test/core/dual-package
 * checks the built ESM and CommonJS files): a second copy is loaded by resetting vitest's
 * module registry, so each class exists twice, as with the dual-package hazard or two installs.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as first from '../../src/index.ts';
import * as testing from '../../src/testing/index.ts';
import * as webhooks from '../../src/webhooks/index.ts';

let second: typeof first;
beforeAll(async () => {
  vi.resetModules();
  second = await import('../../src/index.ts');
});

const init = { status: 404, headers: new Headers(), body: {}, method: 'GET', path: '/x' };

describe('two copies of the error classes', () => {
  it('are two copies', () => {
    expect(second.NotFoundError).not.toBe(first.NotFoundError);
  });

  it("an error of one copy is instanceof the other copy's class and its ancestors", () => {
    const error = new second.NotFoundError(init);
    expect(error).toBeInstanceOf(first.NotFoundError);
    expect(error).toBeInstanceOf(first.APIError);
    expect(error).toBeInstanceOf(first.ClinicError);
    expect(new first.ConfigurationError('x')).toBeInstanceOf(second.ConfigurationError);
  });

  it("is not instanceof the other copy's unrelated classes", () => {
    const error = new second.NotFoundError(init);
    expect(error).not.toBeInstanceOf(first.RateLimitError);
    expect(error).not.toBeInstanceOf(first.ConfigurationError);
    expect(new second.ClinicError('x')).not.toBeInstanceOf(first.APIError);
  });

  it('a class a user derives from an SDK error: instanceof as usual, no brand of its own', () => {
    class MyError extends first.NotFoundError {}
    const mine = new MyError(init);
    expect(mine).toBeInstanceOf(MyError);
    expect(mine).toBeInstanceOf(first.NotFoundError);
    expect(mine).toBeInstanceOf(second.NotFoundError);
    expect(new first.NotFoundError(init)).not.toBeInstanceOf(MyError);
    expect(new second.NotFoundError(init)).not.toBeInstanceOf(MyError);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'NotFoundError'],
    ['a plain object', { name: 'NotFoundError', status: 404 }],
    ['a plain Error', new Error('x')],
  ])('%s is not instanceof either copy', (_name, value) => {
    expect(value instanceof first.NotFoundError).toBe(false);
    expect(value instanceof second.ClinicError).toBe(false);
  });

  it('an object of another class that shares a name is no instance, nor a plain object', () => {
    class NotFoundError extends Error {}
    expect(new NotFoundError('x') instanceof first.NotFoundError).toBe(false);
    expect(
      Object.create({ constructor: first.NotFoundError }) instanceof second.NotFoundError,
    ).toBe(false);
  });
});

describe('the name each class declares', () => {
  const entries = (
    [...Object.entries(first), ...Object.entries(webhooks), ...Object.entries(testing)] as [
      string,
      unknown,
    ][]
  ).filter(
    (entry): entry is [string, new (...args: never[]) => Error] =>
      typeof entry[1] === 'function' &&
      (entry[1] === first.ClinicError ||
        entry[1].prototype instanceof first.ClinicError ||
        entry[1] === testing.ReferenceNetworkError),
  );

  it('covers every error class of the three entries', () => {
    expect(entries.length).toBeGreaterThanOrEqual(25);
  });

  it.each(entries)('%s declares its own literal name, which a minifier keeps', (key, cls) => {
    // A class field, not the function's own name (which a minifier rewrites).
    expect(Object.getOwnPropertyDescriptor(cls, 'name')).toMatchObject({
      value: key,
      writable: true,
    });
  });
});
