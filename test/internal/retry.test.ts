/**
 * The pure parts of the retry policy: `backoffDelay` (0.5 s doubling up to 8 s, minus up to
 * 25 % jitter), `isRetryableStatus` per policy, and `parseRetryAfter` (whole seconds or an HTTP
 * date, as ky reads it to wait).
 */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/core/errors.ts';
import { backoffDelay, isRetryableStatus, MAX_RETRY_AFTER_MS } from '../../src/internal/retry.ts';

describe('backoffDelay', () => {
  it.each([
    [0, 500],
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 8_000],
    [10, 8_000],
  ])('retry %i: %i ms without jitter, 75 %% of it with the most jitter', (retry, base) => {
    expect(backoffDelay(retry, () => 0)).toBe(base);
    expect(backoffDelay(retry, () => 1)).toBe(base * 0.75);
    expect(backoffDelay(retry, () => 0.5)).toBe(base * 0.875);
  });

  it('with Math.random stays within [75 %, 100 %] of the base and varies', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(1);
      expect(d).toBeGreaterThanOrEqual(750);
      expect(d).toBeLessThanOrEqual(1_000);
      seen.add(d);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('never exceeds 8 s, however many retries', () => {
    for (let retry = 0; retry < 64; retry++)
      expect(backoffDelay(retry, () => 0)).toBeLessThanOrEqual(8_000);
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
