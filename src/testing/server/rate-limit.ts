/** The `rateLimit` setting (spec 8: "Rate limits: not shown"): fixed windows per API key on the
 * server clock, off by default; past the limit 429 `{detail}` with `Retry-After`, the reference
 * server's own refusal. @module */
import { ApiProblem } from './responses.ts';
import type { ClinicState } from './store.ts';

/** Counts one request of `keyId`, or throws the 429 when its window is full. */
export function assertWithinRateLimit(clinic: ClinicState, keyId: string, now: number): void {
  const limit = clinic.settings.rateLimit;
  if (limit === null) return;
  let window = clinic.rateWindows.get(keyId);
  // A clock set back starts a new window too.
  if (!window || now < window.start || now >= window.start + limit.windowMs) {
    window = { start: now, count: 0 };
    clinic.rateWindows.set(keyId, window);
  }
  if (window.count >= limit.requests) {
    const seconds = Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000));
    throw new ApiProblem(
      429,
      {
        detail:
          `This API key sent ${limit.requests} requests in ${limit.windowMs} ms, the limit ` +
          `(settings.rateLimit); retry in ${seconds} s.`,
      },
      { 'retry-after': String(seconds) },
    );
  }
  window.count += 1;
}
