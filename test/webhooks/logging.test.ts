/**
 * The handler's and worker's `logger` and `logLevel`, as the client takes them: the default
 * `onError` writes there, a refused delivery at `warn`, a failed one at `error`, never a payload.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { MemoryWebhookQueue } from '../../src/webhooks/queue/memory.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import { appointmentEvent, post, runLoggingWorker } from './fixtures.ts';

function capture() {
  const lines: Array<[string, string, Record<string, unknown>]> = [];
  const logger = {
    error: (m: string, f: Record<string, unknown>) => void lines.push(['error', m, f]),
    warn: (m: string, f: Record<string, unknown>) => void lines.push(['warn', m, f]),
    info: (m: string, f: Record<string, unknown>) => void lines.push(['info', m, f]),
    debug: (m: string, f: Record<string, unknown>) => void lines.push(['debug', m, f]),
  };
  return { lines, logger };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('webhook log lines', () => {
  it('the handler: a refused delivery at warn, a failed one at error, with the event id and type', async () => {
    const { lines, logger } = capture();
    const handler = createWebhookHandler({
      verify: (request) => request.headers.get('x-sig') === 'ok',
      logger,
      on: {
        'appointment.created': () => {
          throw new TypeError('boom');
        },
      },
    });
    await handler(post(appointmentEvent())); // unsigned: refused
    const event = appointmentEvent();
    await handler(post(event, { 'x-sig': 'ok' })); // signed, its handler throws
    await handler.drain();
    expect(lines.map(([level, , f]) => [level, f.errorType, f.eventId, f.outcome])).toEqual([
      ['warn', 'WebhookVerificationError', undefined, 'refusal'],
      ['error', 'TypeError', event.id, 'failure'],
    ]);
  });

  it('logLevel (or CLINIC_LOG) filters the lines; a level that is none is a ConfigurationError', async () => {
    const { lines, logger } = capture();
    vi.stubEnv('CLINIC_LOG', 'error');
    const handler = createWebhookHandler({ verify: () => false, logger });
    await handler(post(appointmentEvent()));
    await handler.drain();
    expect(lines).toEqual([]); // the refusal is a warn line
    expect(() => createWebhookHandler({ verify: 'unsigned', logLevel: 'loud' as never })).toThrow(
      ConfigurationError,
    );
    await expect(
      createWebhookWorker({ queue: new MemoryWebhookQueue(), logLevel: 'loud' as never }),
    ).rejects.toThrow(/logLevel/);
  });

  it('the worker: a retried run at warn, its last at error, the letter at error; a run that worked at debug', async () => {
    const { lines, logger } = capture();
    const failing = appointmentEvent('appointment.updated');
    const fine = appointmentEvent('appointment.created');
    await runLoggingWorker(
      logger,
      [failing, fine].map((event) => ({ id: event.id, event })),
    );
    const byEvent = (id: string) =>
      lines
        .filter(([, , f]) => f.eventId === id)
        .map(([level, , f]) => [level, f.attempt ?? f.kind, f.outcome]);
    expect(byEvent(failing.id)).toEqual([
      ['warn', 1, 'failure'], // retried
      ['error', 2, 'failure'], // its last attempt
      ['error', 'failed', undefined], // the letter
    ]);
    expect(byEvent(fine.id)).toEqual([['debug', 1, 'processed']]);
  });
});
