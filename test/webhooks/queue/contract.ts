/**
 * The behaviour every WebhookQueue adapter must have, run against BullMQ on a real redis-server
 * and pg-boss on a real PostgreSQL: idempotent enqueue by envelope id, retries, the dead-letter
 * queue with the last error, replay, and the handler and worker on top of it.
 */
import { expect, it } from 'vitest';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import type { WebhookJob, WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { appointmentEvent, post } from '../fixtures.ts';

/** Polls `check` until it holds (jobs run on the broker's schedule). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh queue (its own name) with `attempts`; closed by the suite's afterAll. */
export type QueueFactory = (attempts: number) => Promise<WebhookQueue>;

const job = (): WebhookJob => {
  const event = appointmentEvent();
  return { id: event.id, event, receivedAt: Date.now() };
};

export function webhookQueueContract(queue: QueueFactory): void {
  it('enqueue answers added, then duplicate for the same envelope id in either case', async () => {
    const q = await queue(3);
    const one = job();
    expect(await q.enqueue(one)).toBe('added');
    expect(await q.enqueue(one)).toBe('duplicate');
    expect(await q.enqueue({ ...one, id: one.id.toUpperCase() })).toBe('duplicate');
  });

  it('a consumer runs each job once, attempt 1 of the attempts set', async () => {
    const q = await queue(3);
    const jobs = [job(), job(), job()];
    for (const j of jobs) await q.enqueue(j);
    const seen: Array<[string, number, number]> = [];
    const consumer = await q.consume(
      async (j, a) => void seen.push([j.id, a.attempt, a.attempts]),
      { concurrency: 2 },
    );
    await eventually(() => seen.length === 3);
    await consumer.close(5_000);
    expect(seen.map(([id]) => id).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(seen.every(([, attempt, attempts]) => attempt === 1 && attempts === 3)).toBe(true);
    expect(await q.enqueue(jobs[0]!)).toBe('duplicate'); // a done id is remembered
  });

  it('a job that keeps failing is retried up to its attempts, then dead-lettered with the last error; replay runs it again', async () => {
    const q = await queue(2);
    const failing = job();
    await q.enqueue(failing);
    const attempts: number[] = [];
    let healed = false;
    const consumer = await q.consume(
      async (_, a) => {
        attempts.push(a.attempt);
        if (!healed) throw new TypeError(`injected failure ${a.attempt}`);
      },
      { concurrency: 1 },
    );
    await eventually(async () => (await q.deadLetters()).length === 1);
    expect(attempts).toEqual([1, 2]);
    const [letter] = await q.deadLetters();
    expect(letter).toMatchObject({ id: failing.id, event: { id: failing.id } });
    expect(letter!.reason).toContain('injected failure 2');
    healed = true;
    expect(await q.replayDeadLetters()).toBe(1);
    await eventually(() => attempts.length === 3);
    await eventually(async () => (await q.deadLetters()).length === 0);
    await consumer.close(5_000);
  });

  it('deadLetter puts an event straight in the dead-letter queue; replay by id hands it to the workers', async () => {
    const q = await queue(3);
    const refused = job();
    const other = job();
    await q.deadLetter(refused, 'too old');
    await q.deadLetter(other, 'too old');
    const letters = await q.deadLetters();
    expect(letters.map((l) => [l.id, l.reason]).sort()).toEqual(
      [
        [refused.id, 'too old'],
        [other.id, 'too old'],
      ].sort(),
    );
    const ran: string[] = [];
    const consumer = await q.consume(async (j) => void ran.push(j.id), { concurrency: 1 });
    expect(await q.replayDeadLetters({ ids: [refused.id] })).toBe(1);
    await eventually(() => ran.length === 1);
    expect(ran).toEqual([refused.id]);
    expect((await q.deadLetters()).map((l) => l.id)).toEqual([other.id]);
    await consumer.close(5_000);
  });

  it('close waits for the job in hand to finish', async () => {
    const q = await queue(3);
    await q.enqueue(job());
    let release = () => {};
    let started = false;
    let finished = false;
    const consumer = await q.consume(
      async () => {
        started = true;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished = true;
      },
      { concurrency: 1 },
    );
    await eventually(() => started);
    const closing = consumer.close(10_000);
    setTimeout(() => release(), 100);
    await closing;
    expect(finished).toBe(true);
  });

  it('the handler enqueues and answers queued, then duplicate; a worker runs on[type] with its context', async () => {
    const q = await queue(3);
    const handler = createWebhookHandler({ verify: 'unsigned', queue: q, onError: () => {} });
    const event = appointmentEvent('appointment.updated');
    const first = await handler(post(event));
    expect([first.status, await first.json()]).toEqual([200, { status: 'queued', id: event.id }]);
    const again = await handler(post(event));
    expect(await again.json()).toEqual({ status: 'duplicate', id: event.id });
    const got: unknown[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      on: { 'appointment.updated': (e, context) => void got.push([e.id, e.data.id, context]) },
      onError: () => {},
    });
    await eventually(() => got.length === 1);
    await worker.close();
    expect(got).toEqual([[event.id, event.data.id, { jobId: event.id, attempt: 1, attempts: 3 }]]);
  });

  it('an event older than maxEventAgeMs is answered refused, runs no handler, and waits in the dead-letter queue', async () => {
    const q = await queue(3);
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      queue: q,
      onError: (error) => void errors.push(error),
    });
    const old = appointmentEvent(
      'appointment.created',
      {},
      {
        created_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      },
    );
    const response = await handler(post(old));
    expect([response.status, await response.json()]).toEqual([
      200,
      { status: 'refused', id: old.id },
    ]);
    expect(errors.map((e) => (e as Error).name)).toEqual(['WebhookEventTooOldError']);
    expect((await q.deadLetters()).map((l) => l.id)).toEqual([old.id]);
  });
}
