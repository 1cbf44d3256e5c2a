/**
 * The pure parts of the retry policy: the backoff handed to ky (0.5 s doubling up to 8 s, minus
 * up to 25 % jitter), `isRetryableStatus` per policy, and `parseRetryAfter` (whole seconds or an HTTP
 * date, as ky reads it to wait).
 */
import { describe, expect, it, vi } from 'vitest';
import { parseRetryAfter } from '../../src/core/errors/index.ts';
import { isRetryableStatus, MAX_RETRY_AFTER_MS, retryOptions } from '../../src/internal/retry.ts';

describe("the backoff ky waits (retryOptions' delay and jitter)", () => {
  const { delay, jitter, backoffLimit } = retryOptions('safe', 2);
  it.each([
    [1, 500],
    [2, 1_000],
    [3, 2_000],
    [4, 4_000],
    [5, 8_000],
  ])('retry %i: %i ms before jitter; jitter takes off up to 25 %%', (retry, base) => {
    expect(delay?.(retry)).toBe(base);
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    expect(typeof jitter === 'function' && jitter(base)).toBe(base);
    random.mockReturnValue(1);
    expect(typeof jitter === 'function' && jitter(base)).toBe(base * 0.75);
    random.mockRestore();
  });

  it('ky caps the wait at 8 s (backoffLimit)', () => {
    expect(backoffLimit).toBe(8_000);
  });
});

describe('parseRetryAfter reads the header ky reads, in its order (issue 26, item 3)', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);
  it.each([
    [{ 'ratelimit-reset': '2' }, 2_000],
    [{ 'x-ratelimit-reset': '120' }, 120_000],
    [{ 'x-rate-limit-reset': '7' }, 7_000],
    [{ 'x-ratelimit-retry-after': '3' }, 3_000],
    [{ 'ratelimit-reset': String(now / 1000 + 90) }, 90_000],
    [{ 'retry-after': '1', 'ratelimit-reset': '120' }, 1_000],
    [{ 'retry-after': 'soon', 'ratelimit-reset': '120' }, undefined],
  ])('%o → %s ms', (init, ms) => {
    expect(parseRetryAfter(h(init), now)).toBe(ms);
  });
});

describe('isRetryableStatus', () => {
  const statuses = [400, 401, 403, 404, 408, 409, 422, 429, 500, 501, 502, 503, 504];

  it.each(statuses)('safe policy, %i', (status) => {
    expect(isRetryableStatus('safe', status)).toBe(
      status === 408 || status === 429 || status >= 500,
    );
  });

  it.each(statuses)('rate-limit-only policy, %i', (status) => {
    expect(isRetryableStatus('rate-limit-only', status)).toBe(status === 429);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);

  it.each([
    ['2', 2_000],
    ['0', 0],
    [' 3 ', 3_000],
    ['3600', 3_600_000],
  ])('Retry-After: %s → %i ms', (value, ms) => {
    expect(parseRetryAfter(h({ 'retry-after': value }), now)).toBe(ms);
  });

  it('the HTTP-date form is the time left until that date', () => {
    expect(parseRetryAfter(h({ 'retry-after': 'Mon, 02 Mar 2026 12:00:05 GMT' }), now)).toBe(5_000);
  });

  it('an HTTP date in the past is 0', () => {
    expect(parseRetryAfter(h({ 'retry-after': 'Mon, 02 Mar 2026 11:59:00 GMT' }), now)).toBe(0);
  });

  it('retry-after-ms is not read (the spec does not define it)', () => {
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '10' }), now)).toBe(10_000);
  });

  it.each([
    [{}],
    [{ 'retry-after': '' }],
    [{ 'retry-after': 'soon' }],
    [{ 'retry-after': '-5' }],
    [{ 'retry-after': '1.5' }],
    [{ 'retry-after-ms': 'abc' }],
    [{ 'retry-after-ms': '-1' }],
  ])('absent or unreadable (%o) → undefined', (init) => {
    expect(parseRetryAfter(h(init), now)).toBeUndefined();
  });

  it('the client caps what it waits at one minute', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });
});
